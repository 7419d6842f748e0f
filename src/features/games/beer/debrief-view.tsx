/**
 * The beer game's `/game/:id/results` and `/game/:id/debrief`: recharts charts for each enabled
 * debrief section (spec §9), from the core's `debriefMetrics` and `referenceRuns`, on the shared
 * debrief page (thank-you section, questions, answers).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  type DebriefData,
  debriefData,
  loadDebriefState,
  seriesRows,
} from '@/features/games/beer/debrief-data';
import type { BeerDebriefSection, BeerGameDoc } from '@/features/games/beer/game-model';
import { useBeerGame } from '@/features/games/beer/use-game';
import { DebriefPage } from '@/features/games/shared/debrief-page';
import type { GameRole } from '@/features/games/shared/game-model';
import type { DebriefScreenProps } from '@/features/games/shared/game-types';
import { ScrollRegion } from '@/components/scroll-region';
import { numberFormatter } from '@/lib/i18n/format-number';
import { ownEntry } from '@/lib/own';

const COLORS = [
  '#1565c0',
  '#2e7d32',
  '#ef6c00',
  '#6a1b9a',
  '#c62828',
  '#00838f',
  '#5d4037',
  '#ad1457',
];

/** The sections shown on each page (results: performance; debrief: analysis). */
export const PAGE_SECTIONS: Record<'results' | 'debrief', readonly BeerDebriefSection[]> = {
  results: ['optionButtons', 'teamPerformance', 'individualPerformance'],
  debrief: [
    'optionButtons',
    'supplychainEvolution',
    'stagesEvolution',
    'responseToDemand',
    'variability',
    'leadTimes',
    'toGoFurther',
  ],
};

function ChartBox({ children, height = 280 }: { children: ReactNode; height?: number }) {
  return (
    <Box sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children as React.ReactElement}
      </ResponsiveContainer>
    </Box>
  );
}

function SectionPaper({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid={`debrief-${id}`}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The screen the registry of game types gives for a beer game's results and debrief. */
export function BeerDebriefScreen({
  game: shared,
  data: stored,
  role,
  user,
  page,
}: DebriefScreenProps) {
  const game = useBeerGame(shared.id, stored);
  return <DebriefView game={game} page={page} role={role} uid={user?.uid ?? null} />;
}

export function DebriefView({
  game,
  page,
  role,
  uid,
}: {
  game: BeerGameDoc;
  page: 'results' | 'debrief';
  role: GameRole;
  uid: string | null;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<{ gid: string; value: DebriefData | null } | null>(null);
  const seesAll = role.kind === 'creator' || role.kind === 'observer' || game.params.transparent;

  useEffect(() => {
    let live = true;
    void loadDebriefState(game.id).then((state) => {
      if (live) setData({ gid: game.id, value: state ? debriefData(state) : null });
    });
    return () => {
      live = false;
    };
    // Reload when a week is played or the game finishes.
  }, [game.id, game.week, game.finished]);

  const enabled = new Set(game.params.configDebrief.debriefContent);
  const sections = PAGE_SECTIONS[page].filter((s) => enabled.has(s));
  const loaded = data !== null && data.gid === game.id ? data.value : undefined;

  return (
    <DebriefPage
      game={game}
      page={page}
      role={role}
      uid={uid}
      seesAll={seesAll}
      runningNotice={
        loaded
          ? t('game.results.notFinished', {
              week: game.week,
              weeks: loaded.state.game.params.weeks,
            })
          : t('game.results.notFinishedShort')
      }
      figures={loaded === undefined ? 'loading' : loaded === null ? 'none' : 'ready'}
    >
      {loaded && <Sections data={loaded} game={game} sections={sections} role={role} />}
    </DebriefPage>
  );
}

function Sections({
  data,
  game,
  sections,
  role,
}: {
  data: DebriefData;
  game: BeerGameDoc;
  sections: readonly BeerDebriefSection[];
  role: GameRole;
}) {
  const { t, i18n } = useTranslation();
  // Costs and averages with the language's decimal separator ("12,5" in German).
  const fmt = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  const fmt2 = useMemo(() => numberFormatter(i18n.language, 2), [i18n.language]);
  const percent = useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }),
    [i18n.language],
  );
  const { metrics, benchmark, typical } = data;
  const names = useMemo(
    () => Object.fromEntries(game.facilities.map((f) => [f.id, f.name])),
    [game.facilities],
  );
  const ids = metrics.teamPerformance.facilities.map((f) => f.id);
  const [stage, setStage] = useState<string>(
    role.kind === 'player' ? role.facilityId : (ids[0] ?? ''),
  );
  const [showRefs, setShowRefs] = useState(true);
  const weeks = metrics.weeks;
  const nameOf = (id: string) => ownEntry(names, id) ?? id;
  if (weeks.length === 0) return <Alert severity="info">{t('game.results.noWeeks')}</Alert>;

  const blocks: Partial<Record<BeerDebriefSection, ReactNode>> = {
    optionButtons: (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="debrief-optionButtons">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' } }}
        >
          <TextField
            select
            size="small"
            label={t('game.results.stage')}
            value={stage}
            onChange={(e) => setStage(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {ids.map((id) => (
              <MenuItem key={id} value={id}>
                {nameOf(id)}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={showRefs ? 'on' : 'off'}
            onChange={(_, v: string | null) => v && setShowRefs(v === 'on')}
          >
            <ToggleButton value="on">{t('game.results.withReferences')}</ToggleButton>
            <ToggleButton value="off">{t('game.results.withoutReferences')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Paper>
    ),
    teamPerformance: (
      <SectionPaper id="teamPerformance" title={t('game.debriefSections.teamPerformance')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ mb: 2 }}>
          <Big
            label={t('game.results.teamCost')}
            value={fmt(metrics.teamPerformance.cost)}
            testId="team-cost"
          />
          {showRefs && <Big label={t('game.results.benchmark')} value={fmt(benchmark.cost)} />}
          {showRefs && <Big label={t('game.results.typical')} value={fmt(typical.cost)} />}
          {metrics.teamPerformance.revenue > 0 && (
            <Big label={t('game.results.profit')} value={fmt(metrics.teamPerformance.profit)} />
          )}
        </Stack>
        {showRefs && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('game.results.versus')}
            </Typography>
            {!game.finished && (
              <Typography variant="caption" color="text.secondary">
                {t('game.results.referencesWholeGame', { weeks: data.state.game.params.weeks })}
              </Typography>
            )}
            <ChartBox height={220}>
              <BarChart
                data={[
                  { name: t('game.results.yourTeam'), cost: metrics.teamPerformance.cost },
                  { name: t('game.results.benchmark'), cost: benchmark.cost },
                  { name: t('game.results.typical'), cost: typical.cost },
                ]}
                layout="vertical"
                margin={{ left: 40 }}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" />
                <YAxis type="category" dataKey="name" width={160} />
                <Tooltip />
                <Bar isAnimationActive={false} dataKey="cost" name={t('game.results.cost')}>
                  {[0, 1, 2].map((k) => (
                    <Cell key={k} fill={COLORS[k]} />
                  ))}
                </Bar>
              </BarChart>
            </ChartBox>
          </>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('game.results.costPerFacility')}
        </Typography>
        <ChartBox height={240}>
          <BarChart
            data={metrics.teamPerformance.facilities.map((f) => ({
              name: nameOf(f.id),
              cost: f.cost,
              ...(showRefs
                ? {
                    benchmark: benchmark.facilities.find((b) => b.id === f.id)?.cost ?? 0,
                    typical: typical.facilities.find((b) => b.id === f.id)?.cost ?? 0,
                  }
                : {}),
            }))}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Bar
              isAnimationActive={false}
              dataKey="cost"
              name={t('game.results.yourTeam')}
              fill={COLORS[0]}
            />
            {showRefs && (
              <Bar
                isAnimationActive={false}
                dataKey="benchmark"
                name={t('game.results.benchmark')}
                fill={COLORS[1]}
              />
            )}
            {showRefs && (
              <Bar
                isAnimationActive={false}
                dataKey="typical"
                name={t('game.results.typical')}
                fill={COLORS[2]}
              />
            )}
          </BarChart>
        </ChartBox>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('game.results.cumulativeCost')}
        </Typography>
        <ChartBox height={240}>
          <LineChart data={seriesRows(weeks, { cost: metrics.teamPerformance.cumCost })}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis />
            <Tooltip />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="cost"
              name={t('game.results.teamCost')}
              stroke={COLORS[0]}
              dot={false}
            />
          </LineChart>
        </ChartBox>
      </SectionPaper>
    ),
    individualPerformance: (
      <SectionPaper
        id="individualPerformance"
        title={t('game.debriefSections.individualPerformance')}
      >
        <ScrollRegion
          label={t('game.debriefSections.individualPerformance')}
          // The table scrolls on a phone: figures on one line keep its rows short.
          sx={{ '& td': { whiteSpace: 'nowrap' } }}
        >
          <Table size="small" data-testid="individual-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('game.follow.facility')}</TableCell>
                <TableCell align="right">{t('game.results.cost')}</TableCell>
                <TableCell align="right">{t('game.results.avgStock')}</TableCell>
                <TableCell align="right">{t('game.results.avgBacklog')}</TableCell>
                <TableCell align="right">{t('game.results.fillRate')}</TableCell>
                <TableCell align="right">{t('game.results.stockOutWeeks')}</TableCell>
                <TableCell align="right">{t('game.results.peakOrder')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {metrics.individualPerformance.map((f) => (
                <TableRow
                  key={f.id}
                  selected={role.kind === 'player' && role.facilityId === f.id}
                  data-testid={`individual-${f.id}`}
                >
                  <TableCell>{nameOf(f.id)}</TableCell>
                  <TableCell align="right" data-testid={`individual-cost-${f.id}`}>
                    {fmt(f.cost)}
                  </TableCell>
                  <TableCell align="right">{fmt(f.avgStock)}</TableCell>
                  <TableCell align="right">{fmt(f.avgBacklog)}</TableCell>
                  <TableCell align="right">{percent.format(f.fillRate)}</TableCell>
                  <TableCell align="right">{f.stockOutWeeks}</TableCell>
                  <TableCell align="right">
                    {t('game.results.peakAt', { qty: f.peakOrder, week: f.peakOrderWeek })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </SectionPaper>
    ),
    supplychainEvolution: (
      <SectionPaper
        id="supplychainEvolution"
        title={t('game.debriefSections.supplychainEvolution')}
      >
        <Typography variant="subtitle2" component="h3">
          {t('game.results.ordersVsDemand')}
        </Typography>
        <ChartBox>
          <LineChart
            data={seriesRows(weeks, {
              demand: metrics.supplychainEvolution.demand,
              ...Object.fromEntries(
                metrics.supplychainEvolution.orders.map((o) => [o.id, o.values]),
              ),
            })}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Line
              isAnimationActive={false}
              dataKey="demand"
              name={t('game.results.consumerDemand')}
              stroke="#000"
              strokeDasharray="5 3"
              dot={false}
            />
            {metrics.supplychainEvolution.orders.map((o, i) => (
              <Line
                isAnimationActive={false}
                key={o.id}
                dataKey={o.id}
                name={nameOf(o.id)}
                stroke={COLORS[i % COLORS.length]}
                dot={false}
              />
            ))}
          </LineChart>
        </ChartBox>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('game.results.netStock')}
        </Typography>
        <ChartBox>
          <LineChart
            data={seriesRows(
              weeks,
              Object.fromEntries(
                metrics.supplychainEvolution.netStock.map((o) => [o.id, o.values]),
              ),
            )}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis />
            <Tooltip />
            <Legend />
            {metrics.supplychainEvolution.netStock.map((o, i) => (
              <Line
                isAnimationActive={false}
                key={o.id}
                dataKey={o.id}
                name={nameOf(o.id)}
                stroke={COLORS[i % COLORS.length]}
                dot={false}
              />
            ))}
          </LineChart>
        </ChartBox>
      </SectionPaper>
    ),
    stagesEvolution: (() => {
      const s = metrics.stagesEvolution.find((x) => x.id === stage) ?? metrics.stagesEvolution[0];
      if (!s) return null;
      return (
        <SectionPaper id="stagesEvolution" title={t('game.debriefSections.stagesEvolution')}>
          <Typography variant="subtitle2" component="h3">
            {t('game.results.stageOf', { name: nameOf(s.id) })}
          </Typography>
          <ChartBox>
            <LineChart
              data={seriesRows(weeks, {
                stock: s.stock,
                backlog: s.backlog,
                orders: s.orders,
                incoming: s.incoming,
              })}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="week" />
              <YAxis />
              <Tooltip />
              <Legend />
              <Line
                isAnimationActive={false}
                dataKey="stock"
                name={t('game.play.stock')}
                stroke={COLORS[1]}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                dataKey="backlog"
                name={t('game.play.backlog')}
                stroke={COLORS[4]}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                dataKey="orders"
                name={t('game.play.ordered')}
                stroke={COLORS[0]}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                dataKey="incoming"
                name={t('game.play.incomingOrders')}
                stroke={COLORS[2]}
                dot={false}
              />
            </LineChart>
          </ChartBox>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('game.results.stockBacklogAll')}
          </Typography>
          <ChartBox>
            <LineChart
              data={seriesRows(weeks, {
                ...Object.fromEntries(
                  metrics.stagesEvolution.map((x) => [`${x.id}:stock`, x.stock]),
                ),
                ...Object.fromEntries(
                  metrics.stagesEvolution.map((x) => [`${x.id}:backlog`, x.backlog.map((b) => -b)]),
                ),
              })}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="week" />
              <YAxis />
              <Tooltip />
              <Legend />
              {metrics.stagesEvolution.map((x, i) => (
                <Line
                  isAnimationActive={false}
                  key={`${x.id}:stock`}
                  dataKey={`${x.id}:stock`}
                  name={t('game.results.stockOfStage', { name: nameOf(x.id) })}
                  stroke={COLORS[i % COLORS.length]}
                  dot={false}
                />
              ))}
              {metrics.stagesEvolution.map((x, i) => (
                <Line
                  isAnimationActive={false}
                  key={`${x.id}:backlog`}
                  dataKey={`${x.id}:backlog`}
                  name={t('game.results.backlogOfStage', { name: nameOf(x.id) })}
                  stroke={COLORS[i % COLORS.length]}
                  strokeDasharray="4 3"
                  dot={false}
                />
              ))}
            </LineChart>
          </ChartBox>
        </SectionPaper>
      );
    })(),
    responseToDemand: (
      <SectionPaper id="responseToDemand" title={t('game.debriefSections.responseToDemand')}>
        <Table size="small" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('game.follow.facility')}</TableCell>
              <TableCell align="right">{t('game.results.peakOrder')}</TableCell>
              <TableCell align="right">{t('game.results.amplification')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {metrics.responseToDemand.facilities.map((f) => (
              <TableRow key={f.id}>
                <TableCell>{nameOf(f.id)}</TableCell>
                <TableCell align="right">
                  {t('game.results.peakAt', { qty: f.peakOrder, week: f.peakOrderWeek })}
                </TableCell>
                <TableCell align="right">
                  {f.amplification === null ? '–' : `× ${fmt(f.amplification)}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ChartBox>
          <LineChart
            data={seriesRows(weeks, {
              demand: metrics.responseToDemand.demand,
              ...Object.fromEntries(
                metrics.responseToDemand.facilities.map((o) => [o.id, o.orders]),
              ),
              ...(showRefs
                ? Object.fromEntries(
                    benchmark.facilities
                      .filter((b) => b.id === stage)
                      .map((b) => ['benchmark', b.orders]),
                  )
                : {}),
            })}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Line
              isAnimationActive={false}
              dataKey="demand"
              name={t('game.results.consumerDemand')}
              stroke="#000"
              strokeWidth={2}
              dot={false}
            />
            {metrics.responseToDemand.facilities.map((o, i) => (
              <Line
                isAnimationActive={false}
                key={o.id}
                dataKey={o.id}
                name={nameOf(o.id)}
                stroke={COLORS[i % COLORS.length]}
                dot={false}
              />
            ))}
            {showRefs && (
              <Line
                isAnimationActive={false}
                dataKey="benchmark"
                name={t('game.results.benchmarkOrders', { name: nameOf(stage) })}
                stroke="#9e9e9e"
                strokeDasharray="6 3"
                dot={false}
              />
            )}
          </LineChart>
        </ChartBox>
      </SectionPaper>
    ),
    variability: (
      <SectionPaper id="variability" title={t('game.debriefSections.variability')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('game.results.bullwhipHelp', {
            variance: fmt2(metrics.variability.demandVariance),
          })}
        </Typography>
        {metrics.variability.demandVariance === 0 ? (
          <Alert severity="info">{t('game.results.constantDemand')}</Alert>
        ) : (
          <ChartBox height={240}>
            <BarChart
              data={metrics.variability.facilities.map((f) => ({
                name: nameOf(f.id),
                ratio: f.bullwhip === null ? 0 : Number(f.bullwhip.toFixed(2)),
              }))}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis />
              <Tooltip />
              <Bar
                isAnimationActive={false}
                dataKey="ratio"
                name={t('game.results.bullwhip')}
                fill={COLORS[3]}
              />
            </BarChart>
          </ChartBox>
        )}
      </SectionPaper>
    ),
    leadTimes: (
      <SectionPaper id="leadTimes" title={t('game.debriefSections.leadTimes')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('game.follow.facility')}</TableCell>
              <TableCell align="right">{t('game.results.nominal')}</TableCell>
              <TableCell align="right">{t('game.results.observed')}</TableCell>
              <TableCell align="right">{t('game.results.range')}</TableCell>
              <TableCell align="right">{t('game.results.units')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {metrics.leadTimes.map((l) => (
              <TableRow key={`${l.facility}-${l.capability}`}>
                <TableCell>{nameOf(l.facility)}</TableCell>
                <TableCell align="right">{l.nominal}</TableCell>
                <TableCell align="right">{l.average === null ? '–' : fmt(l.average)}</TableCell>
                <TableCell align="right">
                  {l.min === null || l.max === null ? '–' : `${l.min}–${l.max}`}
                </TableCell>
                <TableCell align="right">{l.units}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SectionPaper>
    ),
    toGoFurther: (
      <SectionPaper id="toGoFurther" title={t('game.debriefSections.toGoFurther')}>
        <ul>
          <li>{t('game.results.further.pipeline')}</li>
          <li>{t('game.results.further.communication')}</li>
          <li>{t('game.results.further.leadtime')}</li>
          <li>{t('game.results.further.sterman')}</li>
        </ul>
      </SectionPaper>
    ),
  };

  return (
    <Stack spacing={3}>
      {sections.map((s) => (
        <Box key={s}>{blocks[s]}</Box>
      ))}
    </Stack>
  );
}

function Big({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
