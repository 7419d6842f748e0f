import AddIcon from '@mui/icons-material/Add';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_MESSAGE_DELAY_MS,
  dashboardMessage,
  planTags,
  planUsageOf,
  withUsage,
  type DashboardMessageKey,
  type PlanUsage,
} from '@/features/dashboard/plan-tags';
import { watchPlanUsage, type TeamInfo } from '@/features/dashboard/dashboard-api';
import { reportError } from '@/lib/sentry';
import { LanPanel } from '@/features/dashboard/lan-panel';
import { ScrollRegion } from '@/components/scroll-region';
import { DASHBOARD_HEADER_ROW } from '@/features/dashboard/dashboard-tabs';

/** Spec §2: the join-team / start-trial message, shown after 500 ms. */
function useDelayedMessage(): DashboardMessageKey | null {
  const { search } = useLocation();
  const key = dashboardMessage(search, true);
  const [shown, setShown] = useState<{ search: string; key: DashboardMessageKey } | null>(null);
  useEffect(() => {
    if (!key) return undefined;
    const timer = window.setTimeout(() => setShown({ search, key }), DASHBOARD_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, key]);
  // A message belongs to the query it was shown for.
  return shown && shown.search === search ? shown.key : null;
}

/**
 * The seats counted for the instructor's team (or, without a team, for the instructor), live.
 * Unreadable usage leaves the tags without figures rather than failing the dashboard.
 */
function usePlanUsage(uid: string, teamId: string | null | undefined): PlanUsage {
  const [usage, setUsage] = useState<{ key: string; usage: PlanUsage } | null>(null);
  const key = teamId === undefined ? '' : (teamId ?? `user:${uid}`);
  useEffect(() => {
    if (key === '') return undefined;
    const scope = teamId ? { teamId } : { uid };
    return watchPlanUsage(
      scope,
      (docs) => setUsage({ key, usage: planUsageOf(docs) }),
      reportError,
    );
  }, [key, teamId, uid]);
  return usage && usage.key === key ? usage.usage : {};
}

function MenuButton({
  label,
  icon,
  items,
  testId,
  iconOnly = false,
}: {
  label: string;
  icon: React.ReactNode;
  items: readonly { label: string; to: string }[];
  testId: string;
  iconOnly?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      {iconOnly ? (
        <Tooltip title={label}>
          <IconButton
            aria-label={label}
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid={testId}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          startIcon={icon}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid={testId}
        >
          {label}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.map((item) => (
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * Above every dashboard tab (spec §6): in classroom mode the players' address and its QR code;
 * the player-count tags of the team's plans (or an upgrade tag), the create menu and the help
 * menu; and the join-team / trial message (spec §2).
 */
export function DashboardHeader({
  uid,
  team,
}: {
  uid: string;
  /** undefined while loading: no tag yet. */
  team: TeamInfo | null | undefined;
}) {
  const { t } = useTranslation();
  // Plans are compared with the time the dashboard opened (a plan ending meanwhile shows at the
  // next visit).
  const [now] = useState(() => Date.now());
  const message = useDelayedMessage();
  const usage = usePlanUsage(uid, team === undefined ? undefined : (team?.id ?? null));
  const tags =
    team === undefined ? [] : planTags(withUsage(team?.data ?? null, usage, now), uid, now, usage);
  return (
    <>
      <LanPanel />
      {message && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="dashboard-message">
          {t(`dashboard.messages.${message}`)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ ...DASHBOARD_HEADER_ROW, alignItems: 'center' }}>
        {/* The tags scroll sideways rather than wrap: a second row would move the tabs below
            under a click when the figures arrive (on a phone, 40 px). */}
        {tags.length === 0 ? (
          <Box sx={{ flex: '1 1 auto' }} />
        ) : (
          <ScrollRegion
            label={t('dashboard.tags.label')}
            sx={{
              flex: '1 1 auto',
              minWidth: 0,
              scrollbarWidth: 'none',
              '&::-webkit-scrollbar': { display: 'none' },
            }}
          >
            <Stack
              direction="row"
              spacing={1}
              data-testid="plan-tags"
              sx={{ '& > *': { flexShrink: 0 } }}
            >
              {tags.map((tag) =>
                tag.kind === 'upgrade' ? (
                  <Chip
                    key="upgrade"
                    color="secondary"
                    label={t('dashboard.tags.upgrade')}
                    component={RouterLink}
                    to="/dashboard/subscription#purchase"
                    clickable
                    data-testid="plan-tag-upgrade"
                  />
                ) : (
                  <Chip
                    key={`${tag.kind}-${tag.type}`}
                    variant="outlined"
                    color={tag.type === 'beergame' ? 'warning' : 'info'}
                    label={t(
                      tag.kind === 'free' ? 'dashboard.tags.free' : 'dashboard.tags.players',
                      {
                        type: t(
                          `sessions.types.${tag.type === 'leangame' ? 'leangame' : 'beergame'}`,
                        ),
                        used: tag.used,
                        max: tag.max,
                      },
                    )}
                    data-testid={
                      tag.kind === 'free' ? `plan-tag-free-${tag.type}` : `plan-tag-${tag.type}`
                    }
                  />
                ),
              )}
            </Stack>
          </ScrollRegion>
        )}
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
          <MenuButton
            label={t('dashboard.menu.create')}
            icon={<AddIcon />}
            testId="dashboard-create-menu"
            items={[
              { label: t('dashboard.menu.newSession'), to: '/dashboard/templates/sessions' },
              { label: t('dashboard.menu.newGame'), to: '/dashboard/templates/games' },
              { label: t('dashboard.menu.newBeerGame'), to: '/dashboard/games/new' },
              { label: t('leanEditor.newGame'), to: '/dashboard/games/new/leangame' },
            ]}
          />
          <MenuButton
            label={t('dashboard.menu.help')}
            icon={<HelpOutlineIcon />}
            iconOnly
            testId="dashboard-help-menu"
            items={[
              // The help panel opens over the page from ?help= (src/app/help-host.tsx).
              { label: t('help.menu.pages'), to: '?help=pages' },
              { label: t('help.menu.feedback'), to: '?help=feedback' },
              {
                // The one-time link (?welcomevideo=1) opens only until seen; asked for, it replays.
                label: t('dashboard.menu.welcomeVideo'),
                to: '/dashboard/intro?welcomevideo=replay',
              },
              { label: t('dashboard.menu.settings'), to: '/dashboard/settings#profile' },
              { label: t('dashboard.menu.team'), to: '/dashboard/settings#team' },
              { label: t('dashboard.menu.subscription'), to: '/dashboard/subscription#purchase' },
              { label: t('dashboard.menu.referral'), to: '/dashboard/referral' },
              { label: t('dashboard.menu.suggest'), to: '/dashboard/suggest-feature' },
            ]}
          />
        </Stack>
      </Stack>
    </>
  );
}
