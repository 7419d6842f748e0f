import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { watchGameAnswers, type GameAnswers } from '@/features/sessions/session-answers';
import { useRoundTexts } from '@/features/sessions/round-texts';
import { teamLabel, type Session } from '@/features/sessions/session-model';
import { showError } from '@/lib/errors/error-store';
import { ownEntry } from '@/lib/own';

/** One team's answers, live: a row per player, a column per question. */
function TeamAnswers({ gid }: { gid: string }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<GameAnswers | null>(null);
  useEffect(() => watchGameAnswers(gid, setAnswers, showError), [gid]);
  if (!answers) return null;
  if (answers.questions.length === 0) {
    return <Typography color="text.secondary">{t('sessions.responses.noQuestions')}</Typography>;
  }
  if (answers.players.length === 0) {
    return <Typography color="text.secondary">{t('sessions.responses.noAnswers')}</Typography>;
  }
  return (
    <Table size="small" data-testid={`answers-${gid}`}>
      <TableHead>
        <TableRow>
          <TableCell>{t('sessions.responses.player')}</TableCell>
          {answers.questions.map((q) => (
            <TableCell key={q.id}>{q.text}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {answers.players.map((p) => (
          <TableRow key={p.uid}>
            <TableCell>
              {p.player}
              {p.submitted ? '' : ` (${t('sessions.responses.draft')})`}
            </TableCell>
            {answers.questions.map((q) => (
              <TableCell key={q.id}>{ownEntry(p.answers, q.id) ?? '—'}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * `/session/:sid/responses`: the debrief answers of every team, per round, live; each team
 * links to its game's debrief.
 */
export function ResponsesView({ session }: { session: Session }) {
  const { t } = useTranslation();
  const roundTexts = useRoundTexts();
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
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('sessions.round')} {i + 1} · {roundTexts.name(round.name)}
            </Typography>
            <Stack spacing={2}>
              {games.map((g) => (
                <Stack key={g.gid} spacing={0.5}>
                  <Link component={RouterLink} to={`/game/${g.gid}/debrief`}>
                    {t('sessions.responses.answersOf', {
                      team: teamLabel(session, g.teamNumber, t('sessions.team')),
                    })}
                  </Link>
                  <TeamAnswers gid={g.gid} />
                </Stack>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
