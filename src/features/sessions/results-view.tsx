import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { readFacilityDocs, watchSessionGames } from '@/features/sessions/session-api';
import { roundLabel, teamLabel, type Session } from '@/features/sessions/session-model';
import {
  rankRound,
  teamCostByWeek,
  type TeamGameResult,
} from '@/features/sessions/session-results';
import { showError } from '@/lib/errors/error-store';

function weekOf(data: DocData): number {
  return typeof data['week'] === 'number' ? data['week'] : 1;
}

/** Every game of the session with its chain's cost week by week, live. */
function useResults(session: Session): TeamGameResult[] {
  const [results, setResults] = useState<TeamGameResult[]>([]);
  useEffect(() => {
    let live = true;
    const stop = watchSessionGames(
      session.id,
      (games) => {
        void Promise.all(
          games.map(async ({ id, data }): Promise<TeamGameResult> => {
            const costByWeek = await readFacilityDocs(id).then(
              (docs) => teamCostByWeek(docs.map((d) => d.data)),
              () => null,
            );
            return {
              gid: id,
              roundNumber: typeof data['roundNumber'] === 'number' ? data['roundNumber'] : 1,
              teamNumber: typeof data['teamNumber'] === 'number' ? data['teamNumber'] : 1,
              week: weekOf(data),
              finished: data['finished'] === true,
              costByWeek,
            };
          }),
        ).then((list) => live && setResults(list));
      },
      (error) => showError(error),
    );
    return () => {
      live = false;
      stop();
    };
  }, [session.id]);
  return results;
}

/** `/session/:sid/results`: every round's teams side by side, compared at the same week. */
export function ResultsView({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const results = useResults(session);
  const money = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const cost = (value: number | null) => (value === null ? '–' : money.format(value));
  const rounds = session.rounds.map((round, i) => ({
    round,
    n: i + 1,
    ranking: rankRound(results.filter((r) => r.roundNumber === i + 1)),
  }));
  if (results.length === 0) {
    return <Alert severity="info">{t('sessions.results.none')}</Alert>;
  }
  return (
    <Stack spacing={3}>
      {rounds
        .filter((r) => r.ranking.teams.length > 0)
        .map(({ round, n, ranking }) => (
          <Paper
            key={round.id}
            variant="outlined"
            sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
            data-testid={`results-round-${n}`}
          >
            <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
              {roundLabel(session, n, t('sessions.round'))}
            </Typography>
            {ranking.week !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('sessions.results.comparedAt', { week: ranking.week })}
              </Typography>
            )}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('sessions.results.rank')}</TableCell>
                    <TableCell>{t('sessions.team')}</TableCell>
                    <TableCell>{t('sessions.results.at')}</TableCell>
                    <TableCell align="right">
                      {ranking.week === null
                        ? t('sessions.results.notCompared')
                        : t('sessions.results.costAt', { week: ranking.week })}
                    </TableCell>
                    <TableCell align="right">{t('sessions.results.totalCost')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {ranking.teams.map((r) => (
                    <TableRow key={r.gid} data-testid="results-row">
                      <TableCell data-testid="results-rank">
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <span>{r.rank ?? '–'}</span>
                          {r.rank === 1 && (
                            <EmojiEventsIcon fontSize="small" color="warning" aria-hidden />
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell data-testid="results-team">
                        {teamLabel(session, r.teamNumber, t('sessions.team'))}
                      </TableCell>
                      <TableCell data-testid="results-week" sx={{ whiteSpace: 'nowrap' }}>
                        {r.finished
                          ? t('sessions.results.finishedAt', { week: r.week })
                          : t('sessions.results.atWeek', { week: r.week })}
                      </TableCell>
                      <TableCell align="right" data-testid="results-compared">
                        {cost(r.comparedCost)}
                      </TableCell>
                      <TableCell align="right">{cost(r.totalCost)}</TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/game/${r.gid}/results`}>
                          {t('sessions.results.debrief')}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Paper>
        ))}
    </Stack>
  );
}
