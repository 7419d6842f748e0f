/**
 * The quality section (spec §9 quality, design C.5): paints and defective paints, the defect rate
 * per operation, first-pass yield, scrap, defective units shipped, rework time, and per station
 * what it painted, spoiled, found and let through.
 */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
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

const BARS = ['paints', 'defectivePaints', 'detected', 'escapes'] as const;

export function QualitySection({
  debrief,
  facilityName,
}: {
  debrief: LeanDebrief;
  facilityName: (fid: string) => string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const q = debrief.quality;
  return (
    <SectionFrame
      id="quality"
      title={t('leanResults.sections.quality.title')}
      lead={t('leanResults.sections.quality.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.quality.paints')}
          value={f.num(q.paints)}
          raw={q.paints}
          testId="lean-paints"
        />
        <Figure
          label={t('leanResults.quality.defectivePaints')}
          value={f.num(q.defectivePaints)}
          raw={q.defectivePaints}
          testId="lean-defective-paints"
        />
        <Figure
          label={t('leanResults.quality.defectRate')}
          value={f.pct(q.defectRate)}
          raw={q.defectRate}
          testId="lean-defect-rate"
        />
        <Figure
          label={t('leanResults.quality.firstPassYield')}
          value={f.pct(q.firstPassYield)}
          raw={q.firstPassYield}
          testId="lean-first-pass-yield"
        />
        <Figure
          label={t('leanResults.quality.scrapped')}
          value={f.num(q.scrapped)}
          raw={q.scrapped}
          testId="lean-scrapped"
        />
        <Figure
          label={t('leanResults.quality.escapes')}
          value={f.num(q.escapes)}
          raw={q.escapes}
          testId="lean-escapes"
        />
        <Figure
          label={t('leanResults.quality.reworkTime')}
          value={f.min(q.reworkTime)}
          raw={q.reworkTime}
          testId="lean-rework-time"
        />
      </Figures>
      <SubTitle>{t('leanResults.quality.chart')}</SubTitle>
      <ChartBox label={t('leanResults.quality.chart')} testId="lean-quality-chart">
        <BarChart data={q.byFacility.map((r) => ({ ...r, name: facilityName(r.id) }))}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend itemSorter={null} formatter={legendText} />
          {BARS.map((k, i) => (
            <Bar
              key={k}
              isAnimationActive={false}
              dataKey={k}
              name={t(`leanResults.quality.bars.${k}`)}
              fill={SERIES[i]}
            />
          ))}
        </BarChart>
      </ChartBox>
    </SectionFrame>
  );
}
