import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOOK_MIN_WIDTH, lookColors } from '@/lib/look/look-colors';
import { lookTheme } from '@/lib/look/look-theme';
import { WorkspaceHeader } from '@/components/workspace-header';
import { shownPageName } from '@/lib/look/page-name';
import type { PublicPage } from '@/features/settings/public-page';

/**
 * The public page as the form stands, before saving: its logo, title, page name and colours as
 * a wide screen shows them (spec §9: the colours apply above 1023 px).
 */
export function PublicPagePreview({ page }: { page: PublicPage }) {
  const { t } = useTranslation();
  const base = useTheme();
  const colors = lookColors({ bckColor: page.bckColor, mainColor: page.mainColor }, LOOK_MIN_WIDTH);
  const key = colors ? JSON.stringify(colors) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shown = useMemo(() => (colors ? lookTheme(base, colors) : base), [base, key]);
  const title = page.appTitle.trim() || t('titles.userPage');
  const pageName =
    shownPageName(page.pageName, [t('titles.userPage'), t('titles.userPage', { lng: 'en' })]) ??
    t('portal.page.allGames');
  return (
    <Box sx={{ mt: 4 }} data-testid="public-page-preview">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('settings.publicPage.preview')}
      </Typography>
      <ThemeProvider theme={shown}>
        <Box
          sx={{
            p: { xs: 2, md: 3 },
            borderRadius: 3,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.default',
            color: 'text.primary',
          }}
        >
          <WorkspaceHeader
            title={title}
            logoUrl={page.logoUrl}
            useThumbnail={page.useThumbnail}
            headingLevel="h4"
          />
          <Typography sx={{ mt: 3, mb: 1.5, fontWeight: 700, fontSize: '1.15rem' }}>
            {pageName}
          </Typography>
          <Card>
            <CardContent
              sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}
            >
              <Typography sx={{ flex: 1 }}>{t('settings.publicPage.previewGame')}</Typography>
              {/* A picture of the Join button: the preview is not a page to act on. */}
              <Box
                component="span"
                sx={{
                  px: 2,
                  py: 0.75,
                  borderRadius: 1,
                  fontWeight: 600,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {t('portal.page.join')}
              </Box>
            </CardContent>
          </Card>
        </Box>
      </ThemeProvider>
    </Box>
  );
}
