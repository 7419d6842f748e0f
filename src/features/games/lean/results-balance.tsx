/**
 * The balance section (spec §9 balance, design C.3): the Yamazumi chart, each station's work per
 * unit of demand stacked by kind of dot, against the takt time; the bottleneck and what the line
 * could make at its pace.
 */
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { isColor, isShape, SHAPES } from '@sim/core/lean/model';
import { yamazumi } from '@/features/games/lean/debrief-data';
import { parseOpType } from '@/features/games/lean/editor-draft';
import { DOT_COLORS, useDotName } from '@/features/games/lean/product-dots';
import {
  ChartBox,
  Figure,
  Figures,
  SectionFrame,
  legendText,
  useFormats,
} from '@/features/games/lean/results-parts';

/** A stack's fill: the dot's colour, lighter for each shape so two dots of a colour differ. */
function fillOf(key: string): { fill: string; opacity: number } {
  const dot = parseOpType(key);
  if (!dot || !isColor(dot.color) || !isShape(dot.shape)) return { fill: '#616161', opacity: 0.5 };
  return { fill: DOT_COLORS[dot.color].fill, opacity: 1 - SHAPES.indexOf(dot.shape) * 0.15 };
}

export function BalanceSection({
  debrief,
  facilityName,
}: {
  debrief: LeanDebrief;
  facilityName: (fid: string) => string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const dotName = useDotName();
  const b = debrief.balance;
  const chart = yamazumi(b, facilityName);
  const keyName = (key: string) => {
    const dot = parseOpType(key);
    return dot ? dotName(dot) : t('leanResults.balance.inspect');
  };
  return (
    <SectionFrame
      id="balance"
      title={t('leanResults.sections.balance.title')}
      lead={t('leanResults.sections.balance.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.balance.takt')}
          value={f.min(b.takt)}
          raw={b.takt}
          testId="lean-takt"
        />
        <Figure
          label={t('leanResults.balance.bottleneck')}
          value={b.bottleneck === null ? '—' : facilityName(b.bottleneck)}
          raw={null}
          testId="lean-bottleneck"
        />
        <Figure
          label={t('leanResults.balance.totalWork')}
          value={f.min(b.totalWorkContent)}
          raw={b.totalWorkContent}
          testId="lean-total-work"
        />
        <Figure
          label={t('leanResults.balance.efficiency')}
          value={f.pct(b.balanceEfficiency)}
          raw={b.balanceEfficiency}
          testId="lean-balance-efficiency"
        />
        <Figure
          label={t('leanResults.balance.minimumStations')}
          value={b.minimumFacilities === null ? '—' : f.num(b.minimumFacilities)}
          raw={b.minimumFacilities}
          testId="lean-minimum-stations"
        />
        <Figure
          label={t('leanResults.balance.capacity')}
          value={b.bottleneckCapacity === null ? '—' : f.num(b.bottleneckCapacity)}
          raw={b.bottleneckCapacity}
          testId="lean-bottleneck-capacity"
        />
      </Figures>
      <ChartBox label={t('leanResults.balance.chart')} height={300} testId="lean-yamazumi">
        <BarChart data={chart.rows} margin={{ top: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} />
          <YAxis
            tickFormatter={f.num}
            width={48}
            // The takt line stays in view when every station is below it.
            domain={[0, (dataMax: number) => Math.max(dataMax, chart.takt ?? 0) * 1.1]}
          />
          <Tooltip formatter={(v) => f.min(Number(v))} />
          <Legend itemSorter={null} formatter={legendText} />
          {chart.keys.map((key) => (
            <Bar
              key={key}
              isAnimationActive={false}
              dataKey={key}
              stackId="work"
              name={keyName(key)}
              fill={fillOf(key).fill}
              fillOpacity={fillOf(key).opacity}
              stroke="#fff"
            />
          ))}
          {chart.takt !== null && (
            <ReferenceLine
              y={chart.takt}
              stroke="#D55E00"
              strokeDasharray="6 3"
              strokeWidth={2}
              label={{
                value: t('leanResults.balance.taktLine', { takt: f.num(chart.takt) }),
                position: 'insideTopRight',
                fill: '#8a3a00',
                fontSize: 12,
              }}
            />
          )}
        </BarChart>
      </ChartBox>
    </SectionFrame>
  );
}
