/**
 * The roles in the live view: who plays each (a player, awaiting a player, free, the computer),
 * whether it has ordered this week, its figures, its last order (this week's as soon as it is
 * placed), the cost of the weeks played and the team's total. The instructor disconnects a
 * player (confirmed first) or lets the computer play a role. A table on wide screens, one card
 * per role on a phone.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { ConfirmActionDialog } from '@/features/games/shared/confirm-action-dialog';
import { formatNumber, teamCost, type FollowRow } from '@/features/games/beer/follow-model';
import type { BeerGameDoc, PublicFacility } from '@/features/games/beer/game-model';
import { autoPlaySecGen, quitGame } from '@/lib/firebase/callables';

type Run = (key: string, action: () => Promise<unknown>, done?: string) => Promise<void>;

function useFormat(): (n: number | null) => string {
  const { i18n } = useTranslation();
  return (n) => (n === null ? '–' : formatNumber(n, i18n.language));
}

function SeatChip({ row }: { row: FollowRow }) {
  const { t } = useTranslation();
  const f = row.facility;
  switch (row.seat) {
    case 'human':
      return (
        <Chip
          size="small"
          variant="outlined"
          color="primary"
          label={f.playerName || t('game.map.anonymous')}
          sx={{ maxWidth: 200 }}
        />
      );
    case 'computer':
      return (
        <Chip size="small" variant="outlined" color="secondary" label={t('game.map.computer')} />
      );
    case 'awaited':
      return (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('game.follow.seatAwaited')}
          data-testid={`follow-awaited-${f.id}`}
        />
      );
    case 'free':
      return <Chip size="small" variant="outlined" label={t('game.follow.seatFree')} />;
  }
}

function WeekStatus({ game, row }: { game: BeerGameDoc; row: FollowRow }) {
  const { t } = useTranslation();
  // Only a player thinks: the computer orders when the week turns, an awaited role cannot.
  if (game.finished || row.seat !== 'human') return <>–</>;
  return row.ordered ? (
    <Chip size="small" color="success" label={t('game.follow.validated')} />
  ) : (
    <Chip size="small" label={t('game.follow.thinking')} />
  );
}

function LastOrder({ row }: { row: FollowRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!row.lastOrder) return <>–</>;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid={`follow-last-order-${row.facility.id}`}
    >
      {format(row.lastOrder.quantity)}
      {row.lastOrder.thisWeek && (
        <CheckCircleIcon
          color="success"
          fontSize="inherit"
          titleAccess={t('game.follow.placedNow')}
        />
      )}
    </Box>
  );
}

/** The instructor's action on a role: disconnect its player, or give it to the computer or back. */
function RoleAction({
  game,
  row,
  busy,
  run,
  onDisconnect,
}: {
  game: BeerGameDoc;
  row: FollowRow;
  busy: boolean;
  run: Run;
  onDisconnect: (f: PublicFacility) => void;
}) {
  const { t } = useTranslation();
  const f = row.facility;
  if (game.finished) return null;
  if (row.seat === 'human') {
    return (
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={() => onDisconnect(f)}
        data-testid={`follow-disconnect-${f.id}`}
      >
        {t('game.follow.disconnect')}
      </Button>
    );
  }
  const computer = row.seat === 'computer';
  return (
    <Button
      size="small"
      disabled={busy}
      onClick={() =>
        void run('computer', () =>
          autoPlaySecGen({ gid: game.id, type: 'beergame', roleIds: [f.id], computer: !computer }),
        )
      }
      data-testid={`follow-computer-${f.id}`}
    >
      {computer ? t('game.follow.computerOff') : t('game.follow.computerPlay')}
    </Button>
  );
}

function RolesTable({
  game,
  rows,
  action,
}: {
  game: BeerGameDoc;
  rows: readonly FollowRow[];
  action: ((row: FollowRow) => ReactNode) | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const total = teamCost(rows);
  return (
    <Table size="small" data-testid="follow-table" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('game.follow.facility')}</TableCell>
          <TableCell>{t('game.follow.player')}</TableCell>
          <TableCell>{t('game.follow.status')}</TableCell>
          <TableCell align="right">{t('game.play.stock')}</TableCell>
          <TableCell align="right">{t('game.play.backlog')}</TableCell>
          <TableCell align="right">{t('game.follow.onOrder')}</TableCell>
          <TableCell align="right">{t('game.follow.lastOrder')}</TableCell>
          <TableCell align="right">{t('game.play.costSoFar')}</TableCell>
          {action && (
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('game.follow.actions')}
              </Box>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.facility.id} data-testid={`follow-row-${row.facility.id}`}>
            <TableCell sx={{ fontWeight: 600 }}>{row.facility.name}</TableCell>
            <TableCell>
              <SeatChip row={row} />
            </TableCell>
            <TableCell>
              <WeekStatus game={game} row={row} />
            </TableCell>
            <TableCell align="right">{format(row.stock)}</TableCell>
            <TableCell align="right">{format(row.backlog)}</TableCell>
            <TableCell align="right">{format(row.onOrder)}</TableCell>
            <TableCell align="right">
              <LastOrder row={row} />
            </TableCell>
            <TableCell align="right" data-testid={`follow-cost-${row.facility.id}`}>
              {format(row.cost)}
            </TableCell>
            {action && <TableCell>{action(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell
            colSpan={7}
            sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
          >
            {t('game.follow.teamTotal')}
          </TableCell>
          <TableCell
            align="right"
            sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
            data-testid="follow-team-cost"
          >
            {format(total)}
          </TableCell>
          {action && <TableCell />}
        </TableRow>
      </TableFooter>
    </Table>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

function RoleCards({
  game,
  rows,
  action,
}: {
  game: BeerGameDoc;
  rows: readonly FollowRow[];
  action: ((row: FollowRow) => ReactNode) | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack spacing={1.5} data-testid="follow-table">
      {rows.map((row) => (
        <Paper
          key={row.facility.id}
          variant="outlined"
          sx={{ p: 1.5, borderRadius: 2 }}
          data-testid={`follow-row-${row.facility.id}`}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
              {row.facility.name}
            </Typography>
            <SeatChip row={row} />
            {row.seat === 'human' && !game.finished && <WeekStatus game={game} row={row} />}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              gap: 1,
              mt: 1,
            }}
          >
            <Figure label={t('game.play.stock')} value={format(row.stock)} />
            <Figure label={t('game.play.backlog')} value={format(row.backlog)} />
            <Figure label={t('game.follow.onOrder')} value={format(row.onOrder)} />
            <Figure label={t('game.follow.lastOrder')} value={<LastOrder row={row} />} />
            <Figure
              label={t('game.play.costSoFar')}
              value={<span data-testid={`follow-cost-${row.facility.id}`}>{format(row.cost)}</span>}
            />
          </Box>
          {action && <Box sx={{ mt: 0.5 }}>{action(row)}</Box>}
        </Paper>
      ))}
      <Paper variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex' }}>
        <Typography sx={{ fontWeight: 700, flex: 1 }}>{t('game.follow.teamTotal')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="follow-team-cost">
          {format(teamCost(rows))}
        </Typography>
      </Paper>
    </Stack>
  );
}

export function FollowRoles({
  game,
  rows,
  isCreator,
  busy,
  run,
}: {
  game: BeerGameDoc;
  rows: readonly FollowRow[];
  isCreator: boolean;
  busy: boolean;
  run: Run;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [leaving, setLeaving] = useState<PublicFacility | null>(null);
  const action = isCreator
    ? (row: FollowRow) => (
        <RoleAction game={game} row={row} busy={busy} run={run} onDisconnect={setLeaving} />
      )
    : null;
  const name = leaving ? leaving.playerName || t('game.map.anonymous') : '';
  return (
    <>
      {narrow ? (
        <RoleCards game={game} rows={rows} action={action} />
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ScrollRegion label={t('game.follow.rolesTable')}>
            <RolesTable game={game} rows={rows} action={action} />
          </ScrollRegion>
        </Paper>
      )}
      <ConfirmActionDialog
        open={leaving !== null}
        testId="follow-disconnect-dialog"
        title={t('game.follow.disconnectTitle', { name })}
        text={
          game.started
            ? t('game.follow.disconnectTextFree', { name, role: leaving?.name ?? '' })
            : t('game.follow.disconnectTextAwaited', { name, role: leaving?.name ?? '' })
        }
        confirmLabel={t('game.follow.disconnect')}
        danger
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const f = leaving;
          setLeaving(null);
          if (f) {
            void run(
              'disconnect',
              () => quitGame({ gid: game.id, roleId: f.id }),
              t('game.follow.disconnected', { name }),
            );
          }
        }}
      />
    </>
  );
}
