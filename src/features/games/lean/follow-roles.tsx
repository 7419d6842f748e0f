/**
 * Who plays which station in the lean live view (a player, the computer, free), and each
 * station's state now: its WIP (queue, desk and output) and its task; the station cards below
 * give the detail. Before the start a free
 * station says the computer will play it (LEAN-FAC-4). A table in a region that scrolls sideways
 * on a phone. The game's admins let the computer take a station, or hand it back, before the
 * start or during the run (LEAN-AI-5), each confirmed first.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { ConfirmActionDialog } from '@/features/games/shared/confirm-action-dialog';
import type { FloorStation } from '@/features/games/lean/floor-model';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { deskBusy } from '@/features/games/lean/station-actions';
import { showError } from '@/lib/errors/error-store';
import { autoPlaySecGen } from '@/lib/firebase/callables';
import { useFormatNumber } from '@/lib/i18n/format-number';
import { useRunTime } from '@/features/games/lean/use-lean';
import { showToast } from '@/lib/toast/toast-store';

/** How a station is played: by whom now, or by the computer. */
export type Seat = 'player' | 'computer' | 'computerAtStart' | 'idle';

/**
 * The computer plays it (`computer`: set at the start, or when an admin let it take the station,
 * its player then watching); else a player holds it; before the start a station without a
 * player goes to the computer; a player who left during the run leaves the station idle until
 * someone takes it.
 */
export function seatOf(game: LeanScreenGame, station: FloorStation): Seat {
  const r = station.role;
  if (r.computer) return 'computer';
  if (r.user !== null && game.shared.players.includes(r.user)) return 'player';
  return game.status === 'notStarted' ? 'computerAtStart' : 'idle';
}

/** The player who watches a station the computer took, if one is still in the game. */
function watcherOf(game: LeanScreenGame, station: FloorStation): string | null {
  const r = station.role;
  if (!r.computer || r.user === null || !game.shared.players.includes(r.user)) return null;
  return r.playerName ?? '';
}

/**
 * A station to hand to the computer (`toComputer`), back to its player (`toPlayer`), or, without
 * a player, to free for one (`toFree`), waiting for the admin's confirmation.
 */
interface HandOver {
  fid: string;
  name: string;
  kind: 'toComputer' | 'toPlayer' | 'toFree';
}

/**
 * What an admin can do with a station now: before the start a station without a player goes to
 * the computer anyway (LEAN-FAC-4), so only a player's station can be handed over or back.
 */
export function handKind(game: LeanScreenGame, station: FloorStation): HandOver['kind'] | null {
  const r = station.role;
  const player = r.user !== null && game.shared.players.includes(r.user);
  if (r.computer) return player ? 'toPlayer' : game.status === 'running' ? 'toFree' : null;
  return player || game.status === 'running' ? 'toComputer' : null;
}

export function FollowRoles({
  game,
  stations,
  transit,
  admin = false,
}: {
  game: LeanScreenGame;
  stations: readonly FloorStation[];
  /** Units moving between stations (not at any). */
  transit: number;
  /** The game's admin: may let the computer take a station or hand it back. */
  admin?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const title = t('leanPlay.follow.rolesTitle');
  const total = stations.reduce((n, s) => n + (s.wip ?? 0), transit);
  const [asked, setAsked] = useState<HandOver | null>(null);
  const [busy, setBusy] = useState(false);
  const handing = admin && game.status !== 'ended';
  // Which desks work now: the table renders when one starts or ends a task, not every second.
  const working = useRunTime(game, ({ gameMs }) =>
    stations.map((s) =>
      s.detail !== null && s.role.type !== 'warehouse' ? deskBusy(s.detail, gameMs).busy : false,
    ),
  );
  const handOver = async ({ fid, name, kind }: HandOver) => {
    setBusy(true);
    try {
      await autoPlaySecGen({
        gid: game.shared.id,
        type: 'leangame',
        roleId: fid,
        computer: kind === 'toComputer',
      });
      showToast(t(`leanPlay.follow.${kind}Done`, { name }), { durationMs: 1500 });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
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
              {handing && <TableCell>{t('leanPlay.follow.handOver')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {stations.map((s, index) => {
              const seat = seatOf(game, s);
              const d = s.detail;
              const warehouse = s.role.type === 'warehouse';
              const watcher = watcherOf(game, s);
              const kind = handing ? handKind(game, s) : null;
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
                    {watcher !== null && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                        data-testid={`follow-watcher-${s.role.id}`}
                      >
                        {t('leanPlay.follow.watching', {
                          name: watcher || t('game.map.anonymous'),
                        })}
                      </Typography>
                    )}
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
                        : working[index]
                          ? t(`leanPlay.follow.task.${d.task?.kind ?? 'paint'}`)
                          : t('leanPlay.station.idle')}
                  </TableCell>
                  {handing && (
                    <TableCell>
                      {kind !== null && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={busy}
                          onClick={() => setAsked({ fid: s.role.id, name: s.role.name, kind })}
                          // The visible words first, then the station (axe label-content-name-mismatch).
                          aria-label={`${t(`leanPlay.follow.${kind}`)}: ${s.role.name}`}
                          data-testid={`follow-hand-${s.role.id}`}
                        >
                          {t(`leanPlay.follow.${kind}`)}
                        </Button>
                      )}
                    </TableCell>
                  )}
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
              <TableCell colSpan={handing ? 2 : 1} />
            </TableRow>
            <TableRow>
              <TableCell colSpan={2}>{t('leanPlay.follow.totalWip')}</TableCell>
              <TableCell align="right" data-testid="follow-wip-total">
                {format(total)}
              </TableCell>
              <TableCell colSpan={handing ? 2 : 1} />
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollRegion>
      <ConfirmActionDialog
        open={asked !== null}
        testId="lean-hand-dialog"
        title={t(`leanPlay.follow.${asked?.kind ?? 'toComputer'}Title`, {
          name: asked?.name ?? '',
        })}
        text={t(`leanPlay.follow.${asked?.kind ?? 'toComputer'}Text`)}
        confirmLabel={t(`leanPlay.follow.${asked?.kind ?? 'toComputer'}`)}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          const chosen = asked;
          setAsked(null);
          if (chosen) void handOver(chosen);
        }}
      />
    </section>
  );
}
