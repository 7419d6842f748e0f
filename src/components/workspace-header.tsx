import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The top of an instructor's public page: the logo (a small thumbnail beside the title when
 * `useThumbnail`, else a larger logo above it) and the page's title. Also the settings preview.
 */
export function WorkspaceHeader({
  title,
  logoUrl,
  useThumbnail,
  headingLevel = 'h1',
}: {
  title: string;
  logoUrl: string;
  useThumbnail: boolean;
  headingLevel?: 'h1' | 'h4';
}) {
  const { t } = useTranslation();
  const logoAlt = t('portal.page.logoAlt', { title });
  const heading = (
    <Typography
      variant={headingLevel === 'h1' ? 'h3' : 'h5'}
      component={headingLevel}
      sx={{
        fontSize: headingLevel === 'h1' ? { xs: '2rem', md: '2.6rem' } : undefined,
        minWidth: 0,
      }}
      data-testid="workspace-title"
    >
      {title}
    </Typography>
  );
  if (logoUrl && useThumbnail) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          component="img"
          src={logoUrl}
          alt={logoAlt}
          data-testid="workspace-logo"
          data-thumbnail="true"
          sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 2, flexShrink: 0 }}
        />
        {heading}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {logoUrl && (
        <Box
          component="img"
          src={logoUrl}
          alt={logoAlt}
          data-testid="workspace-logo"
          data-thumbnail="false"
          sx={{ maxWidth: '100%', maxHeight: { xs: 96, md: 140 }, objectFit: 'contain' }}
        />
      )}
      {heading}
    </Stack>
  );
}
