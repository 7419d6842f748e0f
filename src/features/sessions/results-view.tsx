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
import { readFacilityDocs, watchSessionGames } from '@/features/sessions/session-api';
import { teamLabel, type Session } from '@/features/sessions/session-model';
import { rankTeams, totalCost, type TeamGameResult } from '@/features/sessions/session-results';
import { showError } from '@/lib/errors/error-store';

function useResults(session: Session): TeamGameResult[] {
  const [results, setResults] = useState<TeamGameResult[]>([]);
  useEffect(() => {
    let live = true;
    const stop = watchSessionGames(
      session.id,
      (games) => {
        void Promise.all(
          games.map(async ({ id, data }): Promise<TeamGameResult> => {
            const cost = await readFacilityDocs(id).then(
              (docs) => totalCost(docs.map((d) => d.data)),
              () => null,
            );
            return {
              gid: id,
              roundNumber: typeof data['roundNumber'] === 'number' ? data['roundNumber'] : 1,
              teamNumber: typeof data['teamNumber'] === 'number' ? data['teamNumber'] : 1,
              week: typeof data['week'] === 'number' ? data['week'] : 0,
              finished: data['finished'] === true,
              totalCost: cost,
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

/** `/session/:sid/results`: every round's teams side by side, ranked by total cost. */
export function ResultsView({ session }: { session: Session }) {
  const { t } = useTranslation();
  const results = useResults(session);
  const rounds = session.rounds.map((round, i) => ({
    round,
    n: i + 1,
    teams: rankTeams(results.filter((r) => r.roundNumber === i + 1)),
  }));
  if (results.length === 0) {
    return <Alert severity="info">{t('sessions.results.none')}</Alert>;
  }
  return (
    <Stack spacing={3}>
      {rounds
        .filter((r) => r.teams.length > 0)
        .map(({ round, n, teams }) => (
          <Paper key={round.id} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
            <Typography variant="h6" sx={{ mb: 1 }}>
              {t('sessions.round')} {n} · {round.name}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('sessions.results.rank')}</TableCell>
                    <TableCell>{t('sessions.team')}</TableCell>
                    <TableCell align="right">{t('sessions.results.week')}</TableCell>
                    <TableCell>{t('sessions.results.status')}</TableCell>
                    <TableCell align="right">{t('sessions.results.totalCost')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {teams.map((r, i) => (
                    <TableRow key={r.gid}>
                      <TableCell>
                        {i === 0 && r.totalCost !== null ? (
                          <EmojiEventsIcon fontSize="small" color="warning" />
                        ) : (
                          i + 1
                        )}
                      </TableCell>
                      <TableCell>{teamLabel(session, r.teamNumber, t('sessions.team'))}</TableCell>
                      <TableCell align="right">{r.week}</TableCell>
                      <TableCell>
                        {r.finished
                          ? t('sessions.followUp.gameFinished')
                          : t('sessions.results.running')}
                      </TableCell>
                      <TableCell align="right">
                        {r.totalCost === null ? '–' : r.totalCost.toFixed(1)}
                      </TableCell>
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
