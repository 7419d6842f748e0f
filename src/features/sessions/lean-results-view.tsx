/**
 * `/session/:sid/results` of a lean session: every team's lead time, work in process, flow
 * efficiency, on time in full and profit, round after round, each against the same team's game
 * of the round before (and each round's average against the last), as a table and as one chart
 * per figure with a line per team.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import {
  compareLeanRounds,
  LEAN_SESSION_METRICS,
  leanFigures,
  metricRows,
  type Change,
  type LeanFigures,
  type LeanRoundRow,
  type LeanSessionMetric,
  type LeanTeamGame,
} from '@/features/sessions/lean-session-results';
import { readFinalStats, watchSessionGames } from '@/features/sessions/session-api';
import { useRoundTexts } from '@/features/sessions/round-texts';
import { roundLabel, teamLabel, type Session } from '@/features/sessions/session-model';
import { ScrollRegion } from '@/components/scroll-region';
import { showError } from '@/lib/errors/error-store';

const LINE_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#7f7f7f'];

function isDebrief(v: unknown): v is LeanDebrief {
  const d = v as Partial<LeanDebrief> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    !!d.wip &&
    !!d.pnl &&
    !!d.deliveries &&
    !!d.flowefficiency
  );
}

/** The session's lean games with the figures of those that have ended, live. */
function useLeanGames(session: Session): LeanTeamGame[] | null {
  const [games, setGames] = useState<LeanTeamGame[] | null>(null);
  useEffect(() => {
    let live = true;
    // The stats of a game are read once, when it is seen ended.
    const figures = new Map<string, Promise<LeanFigures | null>>();
    const figuresOf = (gid: string) => {
      let found = figures.get(gid);
      if (!found) {
        found = readFinalStats(gid).then(
          (stats) => (isDebrief(stats?.['debrief']) ? leanFigures(stats['debrief']) : null),
          () => null,
        );
        figures.set(gid, found);
      }
      return found;
    };
    const stop = watchSessionGames(
      session.id,
      (docs) => {
        void Promise.all(
          docs.map(async ({ id, data }): Promise<LeanTeamGame> => {
            const finished = data['finished'] === true;
            return {
              gid: id,
              roundNumber: typeof data['roundNumber'] === 'number' ? data['roundNumber'] : 1,
              teamNumber: typeof data['teamNumber'] === 'number' ? data['teamNumber'] : 1,
              finished,
              figures: finished ? await figuresOf(id) : null,
            };
          }),
        ).then((list) => live && setGames(list));
      },
      (error) => showError(error),
    );
    return () => {
      live = false;
      stop();
    };
  }, [session.id]);
  return games;
}

interface Formats {
  value: (metric: LeanSessionMetric, v: number | null) => string;
  delta: (metric: LeanSessionMetric, d: number) => string;
}

function useFormats(): Formats {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const signed = new Intl.NumberFormat(i18n.language, {
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    const pct = new Intl.NumberFormat(i18n.language, {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    const signedPct = new Intl.NumberFormat(i18n.language, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    const isRate = (m: LeanSessionMetric) => m === 'flowEfficiency' || m === 'otif';
    return {
      value: (m, v) =>
        v === null
          ? '—'
          : isRate(m)
            ? pct.format(v)
            : m === 'leadTime'
              ? t('leanResults.minutes', { n: num.format(v) })
              : num.format(v),
      delta: (m, d) => (isRate(m) ? signedPct.format(d) : signed.format(d)),
    };
  }, [i18n.language, t]);
}

function ChangeLine({ metric, change }: { metric: LeanSessionMetric; change: Change | null }) {
  const { t } = useTranslation();
  const f = useFormats();
  if (change === null) return null;
  const color =
    change.verdict === 'better'
      ? 'success.dark'
      : change.verdict === 'worse'
        ? 'error.dark'
        : 'text.secondary';
  return (
    <Typography
      variant="caption"
      component="div"
      sx={{ color, whiteSpace: 'nowrap' }}
      data-verdict={change.verdict}
    >
      {`${f.delta(metric, change.delta)} · ${t(`leanResults.session.${change.verdict}`)}`}
    </Typography>
  );
}

function FigureCells({
  figures,
  changes,
}: {
  figures: LeanFigures | null;
  changes: Record<LeanSessionMetric, Change | null>;
}) {
  const f = useFormats();
  return (
    <>
      {LEAN_SESSION_METRICS.map((m) => (
        <TableCell key={m} align="right" data-metric={m} data-value={figures?.[m] ?? ''}>
          <Box sx={{ whiteSpace: 'nowrap' }}>{f.value(m, figures?.[m] ?? null)}</Box>
          <ChangeLine metric={m} change={changes[m]} />
        </TableCell>
      ))}
    </>
  );
}

function RoundsTable({ session, rows }: { session: Session; rows: readonly LeanRoundRow[] }) {
  const { t } = useTranslation();
  const roundTexts = useRoundTexts();
  return (
    <ScrollRegion label={t('leanResults.session.table')}>
      <Table size="small" data-testid="lean-session-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('leanResults.session.round')}</TableCell>
            <TableCell>{t('sessions.team')}</TableCell>
            {LEAN_SESSION_METRICS.map((m) => (
              <TableCell key={m} align="right">
                {t(`leanResults.session.metrics.${m}`)}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const round = roundLabel(session, r.roundNumber, t('sessions.round'), roundTexts.name);
            return (
              <Fragment key={r.roundNumber}>
                {r.teams.map((team) => (
                  <TableRow
                    key={team.gid}
                    data-testid={`lean-session-row-${r.roundNumber}-${team.teamNumber}`}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{round}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {teamLabel(session, team.teamNumber, t('sessions.team'))}
                      {!team.finished && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {t('leanResults.session.running')}
                        </Typography>
                      )}
                    </TableCell>
                    <FigureCells figures={team.figures} changes={team.change} />
                    <TableCell>
                      <Link component={RouterLink} to={`/game/${team.gid}/results`}>
                        {t('sessions.results.debrief')}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
                {r.teams.length > 1 && (
                  <TableRow
                    sx={{ '& td': { fontWeight: 700, borderBottomWidth: 2 } }}
                    data-testid={`lean-session-average-${r.roundNumber}`}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{round}</TableCell>
                    <TableCell>{t('leanResults.session.average')}</TableCell>
                    <FigureCells figures={r.average} changes={r.averageChange} />
                    <TableCell />
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function MetricChart({
  session,
  rows,
  metric,
}: {
  session: Session;
  rows: readonly LeanRoundRow[];
  metric: LeanSessionMetric;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const data = metricRows(rows, metric);
  const name = t(`leanResults.session.metrics.${metric}`);
  const legend = (value: unknown): ReactNode => (
    <span style={{ color: 'rgba(0, 0, 0, 0.87)' }}>{String(value)}</span>
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0 }}
      data-testid={`lean-session-chart-${metric}`}
    >
      <Typography variant="subtitle2" component="h3">
        {t('leanResults.session.chart', { metric: name })}
      </Typography>
      <Box
        role="img"
        aria-label={t('leanResults.session.chart', { metric: name })}
        sx={{ width: '100%', height: 220 }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data.rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="round" allowDecimals={false} />
            <YAxis width={52} tickFormatter={(v: number) => f.value(metric, v)} />
            <Tooltip formatter={(v) => f.value(metric, Number(v))} />
            <Legend itemSorter={null} formatter={legend} />
            {data.teams.map((team, i) => (
              <Line
                key={team}
                isAnimationActive={false}
                dataKey={`team${team}`}
                name={teamLabel(session, team, t('sessions.team'))}
                stroke={LINE_COLORS[i % LINE_COLORS.length]}
                strokeWidth={2}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

export function LeanResultsView({ session }: { session: Session }) {
  const { t } = useTranslation();
  const games = useLeanGames(session);
  const rows = useMemo(() => compareLeanRounds(games ?? []), [games]);
  if (games !== null && games.length === 0) {
    return <Alert severity="info">{t('sessions.results.none')}</Alert>;
  }
  const anyFigures = (games ?? []).some((g) => g.figures !== null);
  return (
    <Box data-testid="lean-session-results">
      <Typography variant="h6" component="h2">
        {t('leanResults.session.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('leanResults.session.lead')}
      </Typography>
      {!anyFigures && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('leanResults.session.noData')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, borderRadius: 3, mb: 3 }}>
        <RoundsTable session={session} rows={rows} />
      </Paper>
      {anyFigures && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {LEAN_SESSION_METRICS.map((m) => (
            <MetricChart key={m} session={session} rows={rows} metric={m} />
          ))}
        </Box>
      )}
    </Box>
  );
}
