import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { facilityDisplayName } from '@sim/core/beer/default-names';
import { DEMO_TEMPLATE_ID } from '@sim/core/templates/demo-game';
import { useErrorText } from '@/lib/errors/use-error-text';
import {
  BOARDS,
  boardFromAddress,
  firstBoard,
  type GameKind,
} from '@/features/marketing/leaderboard-boards';
import { MarketingLayout } from '@/features/marketing/marketing-layout';
import {
  type BeerLeaderboardRow,
  type LeaderboardRow,
  type LeanLeaderboardRow,
  readLeaderboard,
} from '@/features/marketing/marketing-api';

/** Columns a phone leaves out: the ratio already says how the team did against the benchmark. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

type Loaded =
  | { readonly board: string; readonly state: 'ready'; readonly rows: LeaderboardRow[] }
  | { readonly board: string; readonly state: 'failed'; readonly message: string };

/**
 * `/leaderboard`: a tab per game type, then the finished games of one template. Beer games:
 * lowest team cost first, each against the benchmark rule's cost on the same game. Lean games:
 * highest profit first, with on-time deliveries and flow efficiency. Reads the public summaries
 * the backend writes when a ranked game finishes; players are named only where they agreed.
 */
export function LeaderboardPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const { kind, board } = boardFromAddress(search);
  const choose = (next: { kind: GameKind; board?: string }) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('game', next.kind);
        params.set('board', next.board ?? firstBoard(next.kind));
        return params;
      },
      { replace: true },
    );
  const [result, setResult] = useState<Loaded | null>(null);
  const locale = i18n.language;

  useEffect(() => {
    let current = true;
    readLeaderboard(board).then(
      (rows) => current && setResult({ board, state: 'ready', rows }),
      (err: unknown) => current && setResult({ board, state: 'failed', message: errorText(err) }),
    );
    return () => {
      current = false;
    };
    // errorText follows the language; a language switch need not reload the board.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [board]);
  // A board chosen since the last answer is loading.
  const loaded = result?.board === board ? result : null;

  const boardTitle = (id: string) =>
    id === DEMO_TEMPLATE_ID
      ? t('marketing.board.demoTemplate')
      : t(`templates.game.${id}.title` as 'templates.game.beer-classic.title');
  const cost = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  const ratio = (r: number | null) =>
    r === null ? '–' : new Intl.NumberFormat(locale, { style: 'percent' }).format(r);
  const whole = (n: number) => new Intl.NumberFormat(locale).format(n);
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(ms);
  const roleName = (name: string) =>
    facilityDisplayName(name, (key, n) =>
      String(t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n })),
    );

  return (
    <MarketingLayout
      title={t('marketing.leaderboard.title')}
      lead={kind === 'lean' ? t('marketing.board.leanLead') : t('marketing.board.lead')}
      maxWidth="lg"
    >
      <Stack spacing={2}>
        <Tabs
          value={kind}
          onChange={(_, next: GameKind) => choose({ kind: next })}
          aria-label={t('marketing.board.gameType')}
          variant="fullWidth"
          sx={{ maxWidth: 420, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="beer" label={t('marketing.board.beerTab')} data-testid="board-tab-beer" />
          <Tab value="lean" label={t('marketing.board.leanTab')} data-testid="board-tab-lean" />
        </Tabs>
        <TextField
          select
          label={t('marketing.board.template')}
          value={board}
          onChange={(e) => choose({ kind, board: e.target.value })}
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { 'data-testid': 'board-template' } }}
        >
          {BOARDS[kind].map((id) => (
            <MenuItem key={id} value={id}>
              {boardTitle(id)}
            </MenuItem>
          ))}
        </TextField>
        {loaded?.state === 'failed' && <Alert severity="error">{loaded.message}</Alert>}
        {loaded === null && <Skeleton variant="rounded" height={160} />}
        {loaded?.state === 'ready' && loaded.rows.length === 0 && (
          <Alert severity="info">
            {kind === 'lean' ? (
              t('marketing.board.leanEmpty')
            ) : (
              <>
                {t('marketing.board.empty')}{' '}
                <Link component={RouterLink} to="/demo">
                  {t('marketing.board.playDemo')}
                </Link>
              </>
            )}
          </Alert>
        )}
        {loaded?.state === 'ready' && loaded.rows.length > 0 && (
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
            <Table aria-label={boardTitle(board)} size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('marketing.board.rank')}</TableCell>
                  <TableCell>{t('marketing.board.team')}</TableCell>
                  {kind === 'lean' ? (
                    <>
                      <TableCell align="right">{t('marketing.board.profit')}</TableCell>
                      <TableCell align="right">{t('marketing.board.otif')}</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {t('marketing.board.flowEfficiency')}
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {t('marketing.board.delivered')}
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell align="right">{t('marketing.board.cost')}</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {t('marketing.board.benchmark')}
                      </TableCell>
                      <TableCell align="right">{t('marketing.board.ratio')}</TableCell>
                    </>
                  )}
                  <TableCell sx={WIDE_ONLY}>{t('marketing.board.finished')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {loaded.rows.map((row, i) => (
                  <TableRow key={row.gid} data-testid="leaderboard-row">
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>
                      {row.roles.map((r) => (
                        <Box component="span" key={r.id} sx={{ display: 'block' }}>
                          {roleName(r.name)}:{' '}
                          {r.kind === 'computer'
                            ? t('marketing.board.computer')
                            : (r.player ?? t('marketing.board.anonymous'))}
                        </Box>
                      ))}
                    </TableCell>
                    {row.type === 'leangame' ? (
                      <LeanCells row={row} cost={cost} ratio={ratio} whole={whole} />
                    ) : (
                      <BeerCells row={row} cost={cost} ratio={ratio} />
                    )}
                    <TableCell sx={WIDE_ONLY}>{date(row.finished_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography variant="body2" color="text.secondary">
          {kind === 'lean' ? t('marketing.board.leanHow') : t('marketing.board.how')}
        </Typography>
      </Stack>
    </MarketingLayout>
  );
}

type Format = (n: number) => string;

function BeerCells({
  row,
  cost,
  ratio,
}: {
  row: BeerLeaderboardRow;
  cost: Format;
  ratio: (r: number | null) => string;
}) {
  return (
    <>
      <TableCell align="right">{cost(row.cost)}</TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {cost(row.benchmarkCost)}
      </TableCell>
      <TableCell align="right">{ratio(row.ratio)}</TableCell>
    </>
  );
}

function LeanCells({
  row,
  cost,
  ratio,
  whole,
}: {
  row: LeanLeaderboardRow;
  cost: Format;
  ratio: (r: number | null) => string;
  whole: Format;
}) {
  return (
    <>
      <TableCell align="right">{cost(row.profit)}</TableCell>
      <TableCell align="right">{ratio(row.otifRate)}</TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {ratio(row.flowEfficiency)}
      </TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {whole(row.delivered)}
      </TableCell>
    </>
  );
}
