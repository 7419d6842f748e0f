import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { teamLabel, type Session } from '@/features/sessions/session-model';

/**
 * `/session/:sid/responses`: the debrief answers, game by game. Each game's debrief page holds
 * its players' answers; this page lists them per round and team.
 */
export function ResponsesView({ session }: { session: Session }) {
  const { t } = useTranslation();
  if (session.games.length === 0) {
    return <Alert severity="info">{t('sessions.responses.none')}</Alert>;
  }
  return (
    <Stack spacing={2}>
      {session.rounds.map((round, i) => {
        const games = session.games.filter((g) => g.roundNumber === i + 1);
        if (games.length === 0) return null;
        return (
          <Paper key={round.id} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
            <Typography variant="h6" sx={{ mb: 1 }}>
              {t('sessions.round')} {i + 1} · {round.name}
            </Typography>
            <Stack spacing={0.5}>
              {games.map((g) => (
                <Link key={g.gid} component={RouterLink} to={`/game/${g.gid}/debrief`}>
                  {t('sessions.responses.answersOf', {
                    team: teamLabel(session, g.teamNumber, t('sessions.team')),
                  })}
                </Link>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
