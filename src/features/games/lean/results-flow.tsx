/**
 * The flow efficiency section (spec §9 flowefficiency, design C.6): the share of a unit's lead
 * time that adds value, and where the rest goes, as stacked bars in the metric ranks (work at a
 * desk, changeover, load, move, wait): the average unit, each product's, and each station's share
 * of a unit's time.
 */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { flowBars, METRIC_RANKS, type FlowBar } from '@/features/games/lean/debrief-data';
import {
  ChartBox,
  Figure,
  Figures,
  SectionFrame,
  SERIES,
  SubTitle,
  legendText,
  useFormats,
} from '@/features/games/lean/results-parts';
import Alert from '@mui/material/Alert';

function MetricBars({ bars, label, testId }: { bars: FlowBar[]; label: string; testId: string }) {
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <ChartBox label={label} height={70 + bars.length * 44} testId={testId}>
      <BarChart data={bars} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={f.num} />
        <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => f.min(Number(v))} />
        <Legend itemSorter={null} formatter={legendText} />
        {METRIC_RANKS.map((k, i) => (
          <Bar
            key={k}
            isAnimationActive={false}
            dataKey={k}
            stackId="lead"
            name={t(`leanResults.flow.metrics.${k}`)}
            fill={SERIES[i]}
          />
        ))}
      </BarChart>
    </ChartBox>
  );
}

export function FlowSection({
  debrief,
  facilityName,
  productName,
  facilityOrder,
}: {
  debrief: LeanDebrief;
  facilityName: (fid: string) => string;
  productName: (tid: string) => string;
  facilityOrder: readonly string[];
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const fe = debrief.flowefficiency;
  const bars = flowBars(
    fe,
    { average: t('leanResults.flow.averageUnit'), template: productName, facility: facilityName },
    facilityOrder,
  );
  return (
    <SectionFrame
      id="flowefficiency"
      title={t('leanResults.sections.flowefficiency.title')}
      lead={t('leanResults.sections.flowefficiency.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.flow.value')}
          value={f.pct(fe.value)}
          raw={fe.value}
          testId="lean-flow-efficiency"
        />
        <Figure
          label={t('leanResults.flow.touchRatio')}
          value={f.pct(fe.touchRatio)}
          raw={fe.touchRatio}
          testId="lean-touch-ratio"
        />
        <Figure
          label={t('leanResults.flow.units')}
          value={f.num(fe.units.length)}
          raw={fe.units.length}
          testId="lean-flow-units"
        />
        <Figure
          label={t('leanResults.flow.mainWaste')}
          value={fe.mainWaste === null ? '—' : t(`leanResults.flow.metrics.${fe.mainWaste}`)}
          raw={null}
          testId="lean-main-waste"
        />
      </Figures>
      {fe.units.length === 0 ? (
        <Alert severity="info">{t('leanResults.flow.none')}</Alert>
      ) : (
        <>
          <SubTitle>{t('leanResults.flow.perUnit')}</SubTitle>
          <MetricBars
            bars={bars.average}
            label={t('leanResults.flow.perUnit')}
            testId="lean-flow-average"
          />
          <SubTitle>{t('leanResults.flow.perProduct')}</SubTitle>
          <MetricBars
            bars={bars.byTemplate}
            label={t('leanResults.flow.perProduct')}
            testId="lean-flow-products"
          />
          <SubTitle>{t('leanResults.flow.perStation')}</SubTitle>
          <MetricBars
            bars={bars.byFacility}
            label={t('leanResults.flow.perStation')}
            testId="lean-flow-stations"
          />
        </>
      )}
    </SectionFrame>
  );
}
