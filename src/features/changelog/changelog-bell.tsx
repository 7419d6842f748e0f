import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import changelogFile from '../../../changelog.json';
import {
  markSeen,
  parseChangelog,
  readLastSeen,
  unreadEntries,
} from '@/features/changelog/changelog-model';
import { browserStorage } from '@/lib/storage/key-value-storage';

const ENTRIES = parseChangelog(changelogFile);

/** A YYYY-MM-DD date in the language on screen (the day itself, whatever the time zone). */
function formatDay(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/**
 * Spec §2: the "What's new" bell of the dashboard routes. Its badge counts the changelog entries
 * this browser has not seen; opening it shows them (the unread ones marked New) and marks them
 * read.
 */
export function ChangelogBell() {
  const { t, i18n } = useTranslation();
  const storage = useMemo(() => browserStorage(), []);
  const [lastSeen, setLastSeen] = useState(() => readLastSeen(storage));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // What was new when the panel opened stays marked while it is open.
  const [shownAsNew, setShownAsNew] = useState<ReadonlySet<string>>(new Set());
  const unread = unreadEntries(ENTRIES, lastSeen).length;
  const label = unread > 0 ? t('changelog.openUnread', { count: unread }) : t('changelog.open');

  const open = (target: HTMLElement) => {
    setShownAsNew(new Set(unreadEntries(ENTRIES, lastSeen).map((e) => e.id)));
    setLastSeen(markSeen(storage, ENTRIES, lastSeen));
    setAnchor(target);
  };

  return (
    <>
      <Tooltip title={t('changelog.title')}>
        <IconButton
          onClick={(e) => open(e.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          data-testid="changelog-bell"
          data-unread={unread}
          sx={{ color: 'text.primary', flexShrink: 0 }}
        >
          {/* The badge shows the count the label says ("9+" would not be part of the name). */}
          <Badge badgeContent={unread} color="secondary" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'changelog-title',
            sx: {
              width: 380,
              maxWidth: 'calc(100vw - 24px)',
              maxHeight: '70vh',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            },
            ...({ 'data-testid': 'changelog-panel' } as object),
          },
        }}
      >
        <Typography
          variant="h6"
          component="h2"
          id="changelog-title"
          sx={{ fontWeight: 800, px: 2, pt: 2, pb: 1 }}
        >
          {t('changelog.title')}
        </Typography>
        {/* The list scrolls on its own; focusable so the keyboard can scroll it too. */}
        <Box
          tabIndex={0}
          role="region"
          aria-labelledby="changelog-title"
          sx={{ overflowY: 'auto', px: 2, pb: 2 }}
        >
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {ENTRIES.map((entry) => (
              <Box component="li" key={entry.id} data-testid={`changelog-entry-${entry.id}`}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.25 }}>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="time"
                    dateTime={entry.date}
                  >
                    {formatDay(entry.date, i18n.language)}
                  </Typography>
                  {shownAsNew.has(entry.id) && (
                    <Chip
                      size="small"
                      color="secondary"
                      label={t('changelog.newBadge')}
                      data-testid="changelog-new"
                      sx={{ height: 20 }}
                    />
                  )}
                </Stack>
                <Typography sx={{ fontWeight: 700 }}>
                  {t(`changelog.entries.${entry.id}.title`, { defaultValue: entry.id })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`changelog.entries.${entry.id}.body`, { defaultValue: '' })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
