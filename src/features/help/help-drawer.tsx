import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/features/help/feedback-form';
import { HELP_PAGES, paragraphs, type HelpPageId, type HelpView } from '@/features/help/help-pages';
import { searchHelp, type SearchablePage } from '@/features/help/help-search';

export interface HelpDrawerProps {
  readonly view: HelpView;
  /** Shows another view of the help, or closes it (null). */
  readonly onNavigate: (view: HelpView | null) => void;
  /** The page the help was opened on (sent with feedback). */
  readonly page: string;
  readonly email: string | null;
  readonly ensureUid: () => Promise<string>;
}

const AUDIENCE = new Map<HelpPageId, 'player' | 'instructor'>(
  HELP_PAGES.map((p) => [p.id, p.audience]),
);

function HelpPage({ id, onBack }: { id: HelpPageId; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} component="article" aria-labelledby={`help-page-${id}`}>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('help.back')}
      </Button>
      <Typography variant="h5" component="h3" id={`help-page-${id}`} data-testid="help-page-title">
        {t(`help.pages.${id}.title`)}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={t(`help.audience.${AUDIENCE.get(id) ?? 'player'}`)}
        sx={{ alignSelf: 'flex-start' }}
      />
      {paragraphs(t(`help.pages.${id}.body`)).map((text, i) => (
        <Typography key={i} sx={{ lineHeight: 1.65 }}>
          {text}
        </Typography>
      ))}
    </Stack>
  );
}

function HelpPages({ onOpen }: { onOpen: (id: HelpPageId) => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  // The pages' text in the language on screen, searched as typed.
  const pages = useMemo<SearchablePage<HelpPageId>[]>(
    () =>
      HELP_PAGES.map(({ id }) => ({
        id,
        title: t(`help.pages.${id}.title`),
        summary: t(`help.pages.${id}.summary`),
        body: t(`help.pages.${id}.body`),
      })),
    // i18n.language: the same t reads another language after a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const found = searchHelp(pages, query, i18n.language);
  const searching = query.trim() !== '';
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        label={t('help.search.label')}
        placeholder={t('help.search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus
        slotProps={{
          htmlInput: { 'data-testid': 'help-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {searching
          ? found.length === 0
            ? t('help.search.none', { query: query.trim() })
            : t('help.search.results', { count: found.length })
          : ''}
      </Typography>
      <List disablePadding data-testid="help-results">
        {found.map((page) => (
          <ListItem key={page.id} disablePadding>
            <ListItemButton
              onClick={() => onOpen(page.id)}
              data-testid={`help-result-${page.id}`}
              sx={{ borderRadius: 2, alignItems: 'flex-start', px: 1.5 }}
            >
              <ListItemText
                primary={page.title}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {page.summary}
                    </Box>
                    <Box component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
                      {t(`help.audience.${AUDIENCE.get(page.id) ?? 'player'}`)}
                    </Box>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: 700 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The help (spec §2 help menu, §7 feedback): the help pages, searchable in the language on screen,
 * and the feedback form, in a panel at the side of the page (the whole screen on a phone). What it
 * shows is in the address (`?help=`), so the browser's Back closes it.
 */
export function HelpDrawer({ view, onNavigate, page, email, ensureUid }: HelpDrawerProps) {
  const { t } = useTranslation();
  const tab = view.kind === 'feedback' ? 'feedback' : 'pages';
  return (
    <Drawer
      anchor="right"
      open
      onClose={() => onNavigate(null)}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%' },
          role: 'dialog',
          'aria-labelledby': 'help-title',
          // data-* attributes are not in the paper's prop types.
          ...({ 'data-testid': 'help-drawer' } as object),
        },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 0.5, gap: 1 }}
        component="header"
      >
        <Typography variant="h6" component="h2" id="help-title" sx={{ flex: 1, fontWeight: 800 }}>
          {t('help.title')}
        </Typography>
        <IconButton onClick={() => onNavigate(null)} aria-label={t('help.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: 'pages' | 'feedback') => onNavigate({ kind: value })}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="pages" label={t('help.tabs.pages')} data-testid="help-tab-pages" />
        <Tab value="feedback" label={t('help.tabs.feedback')} data-testid="help-tab-feedback" />
      </Tabs>
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1 }}>
        {view.kind === 'page' && (
          <HelpPage id={view.id} onBack={() => onNavigate({ kind: 'pages' })} />
        )}
        {view.kind === 'pages' && <HelpPages onOpen={(id) => onNavigate({ kind: 'page', id })} />}
        {view.kind === 'feedback' && (
          <FeedbackForm page={page} email={email} ensureUid={ensureUid} />
        )}
      </Box>
    </Drawer>
  );
}
