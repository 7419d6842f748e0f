/**
 * The WIP section (spec §9 wip, design C.4): units in process by zone over the run, the average
 * and the most, throughput and lead time, and Little's check worded as C.4 says: the gap between
 * the average WIP and throughput × lead time, and the units still in process at the end that make
 * it, instead of hiding it.
 */
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { littleCheck, WIP_ZONES, wipRows } from '@/features/games/lean/debrief-data';
import {
  ChartBox,
  Figure,
  Figures,
  SectionFrame,
  SERIES,
  legendText,
  useFormats,
} from '@/features/games/lean/results-parts';

export function WipSection({ debrief }: { debrief: LeanDebrief }) {
  const { t } = useTranslation();
  const f = useFormats();
  const w = debrief.wip;
  const check = littleCheck(w);
  return (
    <SectionFrame
      id="wip"
      title={t('leanResults.sections.wip.title')}
      lead={t('leanResults.sections.wip.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.wip.average')}
          value={f.num(w.average)}
          raw={w.average}
          testId="lean-wip-average"
        />
        <Figure
          label={t('leanResults.wip.max')}
          value={f.num(w.max)}
          raw={w.max}
          testId="lean-wip-max"
        />
        <Figure
          label={t('leanResults.wip.throughput')}
          value={f.num(w.throughput)}
          raw={w.throughput}
          testId="lean-throughput"
        />
        <Figure
          label={t('leanResults.wip.leadTime')}
          value={f.min(w.averageLeadTime)}
          raw={w.averageLeadTime}
          testId="lean-lead-time"
        />
      </Figures>
      <ChartBox label={t('leanResults.wip.chart')} height={280} testId="lean-wip-chart">
        <AreaChart data={wipRows(w)}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="t" type="number" domain={[0, 'dataMax']} tickFormatter={f.num} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip labelFormatter={(v) => f.min(Number(v))} />
          <Legend itemSorter={null} formatter={legendText} />
          {WIP_ZONES.map((zone, i) => (
            <Area
              key={zone}
              isAnimationActive={false}
              type="stepAfter"
              dataKey={zone}
              stackId="wip"
              name={t(`leanResults.wip.zones.${zone}`)}
              stroke={SERIES[i]}
              fill={SERIES[i]}
              fillOpacity={0.55}
            />
          ))}
        </AreaChart>
      </ChartBox>
      <Alert
        severity={check.kind === 'inProcess' ? 'warning' : 'info'}
        data-testid="lean-little"
        data-gap={String(check.gap)}
        sx={{ mt: 1 }}
      >
        {t(`leanResults.wip.little.${check.kind}`, {
          l: f.num(check.average),
          thw: f.num(check.throughputTimesLeadTime),
          gap: f.pct(check.gap),
          n: check.inProcessAtEnd,
          exact: f.num(check.littleAverage),
        })}
      </Alert>
    </SectionFrame>
  );
}
