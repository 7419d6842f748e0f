import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DocData } from '@sim/core/port/data-port';
import { ExcelDownloadButton } from '@/components/excel-download-button';
import { LeanResultsView } from '@/features/sessions/lean-results-view';
import { readFacilityDocs, watchSessionGames } from '@/features/sessions/session-api';
import { useRoundTexts } from '@/features/sessions/round-texts';
import { roundLabel, teamLabel, type Session } from '@/features/sessions/session-model';
import {
  rankRound,
  teamCostByWeek,
  type RankedTeam,
  type RoundRanking,
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

interface RoundTableProps {
  session: Session;
  ranking: RoundRanking;
  cost: (value: number | null) => string;
}

function RankCell({ rank }: { rank: number | null }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="results-rank">
      <span>{rank ?? '–'}</span>
      {rank === 1 && <EmojiEventsIcon fontSize="small" color="warning" aria-hidden />}
    </Stack>
  );
}

function whereText(t: TFunction, r: RankedTeam): string {
  return r.finished
    ? t('sessions.results.finishedAt', { week: r.week })
    : t('sessions.results.atWeek', { week: r.week });
}

/** A round's teams as a table (wide screens). */
function RoundTable({ session, ranking, cost }: RoundTableProps) {
  const { t } = useTranslation();
  return (
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
            <TableCell>
              <RankCell rank={r.rank} />
            </TableCell>
            <TableCell data-testid="results-team">
              {teamLabel(session, r.teamNumber, t('sessions.team'))}
            </TableCell>
            <TableCell data-testid="results-week">{whereText(t, r)}</TableCell>
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
  );
}

/** A round's teams one under the other (phones: a table would scroll sideways). */
function RoundList({ session, ranking, cost }: RoundTableProps) {
  const { t } = useTranslation();
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5}>
      {ranking.teams.map((r) => (
        <Stack key={r.gid} direction="row" spacing={1.5} data-testid="results-row">
          <Box sx={{ minWidth: 36, fontWeight: 700, pt: 0.25 }}>
            <RankCell rank={r.rank} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              data-testid="results-team"
            >
              {teamLabel(session, r.teamNumber, t('sessions.team'))}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="results-week">
              {whereText(t, r)}
            </Typography>
            <Typography variant="body2">
              {ranking.week === null
                ? t('sessions.results.notCompared')
                : t('sessions.results.costAt', { week: ranking.week })}
              {': '}
              <strong data-testid="results-compared">{cost(r.comparedCost)}</strong>
              {' · '}
              {t('sessions.results.totalCost')}: {cost(r.totalCost)}
            </Typography>
            <Link component={RouterLink} to={`/game/${r.gid}/results`} variant="body2">
              {t('sessions.results.debrief')}
            </Link>
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * `/session/:sid/results`: every round's teams side by side; a lean session compares its lean
 * figures round against round, a beer session its teams' costs at the same week.
 */
export function ResultsView({ session }: { session: Session }) {
  // minWidth 0: a wide table scrolls inside its own region instead of widening the page.
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExcelDownloadButton target={{ sid: session.id }} fileName={session.name} />
      </Box>
      {session.type === 'leangame' ? (
        <LeanResultsView session={session} />
      ) : (
        <BeerResultsView session={session} />
      )}
    </Stack>
  );
}

/** A beer session's rounds: the teams compared at the same week. */
function BeerResultsView({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const roundTexts = useRoundTexts();
  const results = useResults(session);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
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
  const Teams = narrow ? RoundList : RoundTable;
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
              {roundLabel(session, n, t('sessions.round'), roundTexts.name)}
            </Typography>
            {ranking.week !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('sessions.results.comparedAt', { week: ranking.week })}
              </Typography>
            )}
            <Teams session={session} ranking={ranking} cost={cost} />
          </Paper>
        ))}
    </Stack>
  );
}
