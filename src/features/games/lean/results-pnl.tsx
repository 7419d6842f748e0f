/** The P&L section (spec §9 pnl, design C.1): revenue, every cost line and the profit, by minute. */
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { PNL_COSTS, pnlRows } from '@/features/games/lean/debrief-data';
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

export function PnlSection({ debrief }: { debrief: LeanDebrief }) {
  const { t } = useTranslation();
  const f = useFormats();
  const p = debrief.pnl;
  return (
    <SectionFrame
      id="pnl"
      title={t('leanResults.sections.pnl.title')}
      lead={t('leanResults.sections.pnl.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.pnl.revenue')}
          value={f.num(p.revenue)}
          raw={p.revenue}
          testId="lean-pnl-revenue"
        />
        <Figure
          label={t('leanResults.pnl.costs')}
          value={f.num(p.costs)}
          raw={p.costs}
          testId="lean-pnl-costs"
        />
        <Figure
          label={t('leanResults.pnl.profit')}
          value={f.num(p.profit)}
          raw={p.profit}
          testId="lean-pnl-profit"
        />
      </Figures>
      <SubTitle>{t('leanResults.pnl.costLines')}</SubTitle>
      <Figures>
        {PNL_COSTS.map((line) => (
          <Figure
            key={line}
            label={t(`leanResults.pnl.${line}`)}
            value={f.num(p[line])}
            raw={p[line]}
            testId={`lean-pnl-${line}`}
          />
        ))}
        <Figure
          label={t('leanResults.pnl.scrapCost')}
          value={f.num(p.scrapCost)}
          raw={p.scrapCost}
          testId="lean-pnl-scrapCost"
        />
      </Figures>
      <SubTitle>{t('leanResults.pnl.chart')}</SubTitle>
      <ChartBox label={t('leanResults.pnl.chart')} testId="lean-pnl-chart">
        <LineChart data={pnlRows(debrief)}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="t" type="number" domain={[0, 'dataMax']} tickFormatter={f.num} />
          <YAxis tickFormatter={f.num} width={56} />
          <Tooltip formatter={(v) => f.num(Number(v))} labelFormatter={(v) => f.min(Number(v))} />
          <Legend itemSorter={null} formatter={legendText} />
          {(['revenue', 'costs', 'profit'] as const).map((k, i) => (
            <Line
              key={k}
              isAnimationActive={false}
              type="stepAfter"
              dataKey={k}
              name={t(`leanResults.pnl.${k}`)}
              stroke={SERIES[i]}
              dot={false}
              strokeWidth={2}
            />
          ))}
        </LineChart>
      </ChartBox>
    </SectionFrame>
  );
}
