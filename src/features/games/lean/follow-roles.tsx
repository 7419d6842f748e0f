/**
 * Who plays which station in the lean live view (a player, the computer, free), and each
 * station's state now: its WIP (queue, desk and output) and its task; the station cards below
 * give the detail. Before the start a free
 * station says the computer will play it (LEAN-FAC-4). A table in a region that scrolls sideways
 * on a phone.
 */
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import type { FloorStation } from '@/features/games/lean/floor-model';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { deskBusy } from '@/features/games/lean/station-actions';
import { useFormatNumber } from '@/lib/i18n/format-number';

/** How a station is played: by whom now, or by the computer. */
export type Seat = 'player' | 'computer' | 'computerAtStart' | 'idle';

/**
 * A player holds it; the computer plays it in the run (`computer`, set at the start); before the
 * start a station without a player goes to the computer; a player who left during the run leaves
 * the station idle until someone takes it.
 */
export function seatOf(game: LeanScreenGame, station: FloorStation): Seat {
  const r = station.role;
  if (r.user !== null && game.shared.players.includes(r.user)) return 'player';
  if (r.computer) return 'computer';
  return game.status === 'notStarted' ? 'computerAtStart' : 'idle';
}

export function FollowRoles({
  game,
  stations,
  transit,
  gameMs,
}: {
  game: LeanScreenGame;
  stations: readonly FloorStation[];
  /** Units moving between stations (not at any). */
  transit: number;
  gameMs: number;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const title = t('leanPlay.follow.rolesTitle');
  const total = stations.reduce((n, s) => n + (s.wip ?? 0), transit);
  return (
    <section aria-label={title} data-testid="lean-follow-roles">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <ScrollRegion label={title}>
        <Table size="small" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('leanPlay.follow.station')}</TableCell>
              <TableCell>{t('leanPlay.follow.playedBy')}</TableCell>
              <TableCell align="right">{t('leanPlay.follow.wip')}</TableCell>
              <TableCell>{t('leanPlay.follow.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {stations.map((s) => {
              const seat = seatOf(game, s);
              const d = s.detail;
              const warehouse = s.role.type === 'warehouse';
              const busy = d && !warehouse ? deskBusy(d, gameMs).busy : false;
              return (
                <TableRow key={s.role.id} data-testid={`follow-row-${s.role.id}`}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {s.role.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {tt(`leanEditor.types.${s.role.type}`, { defaultValue: s.role.type })}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={seat === 'player' ? 'primary' : 'default'}
                      label={
                        seat === 'player'
                          ? s.role.playerName || t('game.map.anonymous')
                          : t(`leanPlay.follow.seat.${seat}`)
                      }
                      sx={{ maxWidth: 200 }}
                      data-testid={`follow-seat-${s.role.id}`}
                    />
                  </TableCell>
                  <TableCell align="right" data-testid={`follow-wip-${s.role.id}`}>
                    {s.wip === null ? '–' : format(s.wip)}
                  </TableCell>
                  <TableCell>
                    {d === null
                      ? '–'
                      : warehouse
                        ? t('leanPlay.station.warehouseCounts', {
                            launched: d.out.length,
                            finished: d.in.length,
                          })
                        : busy
                          ? t(`leanPlay.follow.task.${d.task?.kind ?? 'paint'}`)
                          : t('leanPlay.station.idle')}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={2}>{t('leanPlay.follow.transit')}</TableCell>
              <TableCell align="right" data-testid="follow-wip-transit">
                {format(transit)}
              </TableCell>
              <TableCell />
            </TableRow>
            <TableRow>
              <TableCell colSpan={2}>{t('leanPlay.follow.totalWip')}</TableCell>
              <TableCell align="right" data-testid="follow-wip-total">
                {format(total)}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollRegion>
    </section>
  );
}
