/**
 * The players' debrief answers for the game's admins (creator, team members, session admins):
 * one row per player, one column per question, and in quiz mode right/wrong marks and a score.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAdminFacts, readQuizKey, watchAnswers } from '@/features/games/shared/game-api';
import {
  type AnswerDoc,
  answerRows,
  isGameAdmin,
  parseAnswerDoc,
} from '@/features/games/shared/debrief-answers';
import type { SharedGame } from '@/features/games/shared/game-model';

/** Whether the signed-in user is an admin of the game (spec §6); null while checking. */
export function useIsGameAdmin(
  game: Pick<SharedGame, 'id' | 'creator' | 'team' | 'session'>,
  uid: string | null,
): boolean | null {
  const key = `${game.id}/${uid ?? ''}`;
  const [state, setState] = useState<{ key: string; admin: boolean } | null>(null);
  const quick = uid !== null && game.creator === uid;
  const { team, session } = game;
  useEffect(() => {
    if (uid === null || quick) return undefined;
    let live = true;
    void readAdminFacts({ team, session }).then((facts) => {
      if (live) setState({ key, admin: isGameAdmin({ creator: null }, uid, facts) });
    });
    return () => {
      live = false;
    };
  }, [key, uid, quick, team, session]);
  if (uid === null) return false;
  if (quick) return true;
  return state?.key === key ? state.admin : null;
}

export function AnswersPanel({ game }: { game: SharedGame }) {
  const { t } = useTranslation();
  const qs = game.params.configDebrief.questionsSection;
  const [docs, setDocs] = useState<{ gid: string; list: AnswerDoc[] } | null>(null);
  const [key, setKey] = useState<{ gid: string; answers: Record<string, unknown> | null } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  useEffect(
    () =>
      watchAnswers(
        game.id,
        (list) => setDocs({ gid: game.id, list: list.map((d) => parseAnswerDoc(d.id, d.data)) }),
        () => setFailed(true),
      ),
    [game.id],
  );
  useEffect(() => {
    if (!qs.quizMode) return undefined;
    let live = true;
    void readQuizKey(game.id).then((answers) => live && setKey({ gid: game.id, answers }));
    return () => {
      live = false;
    };
  }, [game.id, qs.quizMode]);

  const list = docs?.gid === game.id ? docs.list : null;
  const rightAnswers = key?.gid === game.id ? key.answers : null;
  const rows = list ? answerRows(game, list, rightAnswers) : [];
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="debrief-answers">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.debrief.answers.title')}
      </Typography>
      {failed ? (
        <Alert severity="warning">{t('game.debrief.answers.unreadable')}</Alert>
      ) : list === null ? null : rows.length === 0 ? (
        <Typography color="text.secondary">{t('game.debrief.answers.none')}</Typography>
      ) : (
        <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('game.debrief.answers.player')}</TableCell>
              {qs.questions.map((q, i) => (
                <TableCell key={q.id}>{`${i + 1}. ${q.text}`}</TableCell>
              ))}
              {qs.quizMode && (
                <TableCell align="right">{t('game.debrief.answers.score')}</TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.uid} data-testid={`answers-row-${r.uid}`}>
                <TableCell>
                  <Stack spacing={0.5}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {r.name ??
                        (r.role ? t('game.map.anonymous') : t('game.debrief.answers.left'))}
                    </Typography>
                    {r.role && (
                      <Typography variant="caption" color="text.secondary">
                        {r.role}
                      </Typography>
                    )}
                    {!r.submitted && (
                      <Chip
                        size="small"
                        label={t('game.debrief.answers.notSent')}
                        sx={{ width: 'fit-content' }}
                      />
                    )}
                  </Stack>
                </TableCell>
                {r.cells.map((c, i) => (
                  <TableCell key={i} data-testid={`answers-cell-${r.uid}-${i}`}>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      {c.correct === true && (
                        <CheckIcon
                          fontSize="small"
                          color="success"
                          titleAccess={t('game.debrief.answers.right')}
                        />
                      )}
                      {c.correct === false && (
                        <CloseIcon
                          fontSize="small"
                          color="error"
                          titleAccess={t('game.debrief.answers.wrong')}
                        />
                      )}
                      <span>{c.text === '' ? '–' : c.text}</span>
                    </Stack>
                  </TableCell>
                ))}
                {r.score && (
                  <TableCell align="right" data-testid={`answers-score-${r.uid}`}>
                    {t('game.debrief.answers.scoreValue', {
                      right: r.score.right,
                      total: r.score.total,
                    })}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
