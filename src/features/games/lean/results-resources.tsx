/**
 * The resource efficiency section (spec §9 resefficiency, design C.7): how busy each station was
 * (value added, quality work, changeover, load, idle, as shares of the run), the team's resource
 * efficiency, and, as the lesson pairs them, the flow efficiency beside it.
 */
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { resRows, RES_PARTS } from '@/features/games/lean/debrief-data';
import {
  ChartBox,
  Figure,
  Figures,
  SectionFrame,
  SERIES,
  legendText,
  useFormats,
} from '@/features/games/lean/results-parts';

const PART_COLORS = [SERIES[2], SERIES[3], SERIES[1], SERIES[5], '#bdbdbd'];

export function ResourcesSection({
  debrief,
  facilityName,
}: {
  debrief: LeanDebrief;
  facilityName: (fid: string) => string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const re = debrief.resefficiency;
  const fe = debrief.flowefficiency.value;
  const rows = resRows(re, facilityName);
  return (
    <SectionFrame
      id="resefficiency"
      title={t('leanResults.sections.resefficiency.title')}
      lead={t('leanResults.sections.resefficiency.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.res.team')}
          value={f.pct(re.team)}
          raw={re.team}
          testId="lean-res-team"
        />
        <Figure
          label={t('leanResults.flow.value')}
          value={f.pct(fe)}
          raw={fe}
          testId="lean-res-flow"
        />
      </Figures>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('leanResults.res.paradox', { re: f.pct(re.team), fe: f.pct(fe) })}
      </Typography>
      <ChartBox
        label={t('leanResults.res.chart')}
        height={70 + rows.length * 44}
        testId="lean-res-chart"
      >
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 1]} tickFormatter={(v: number) => f.pct(v)} />
          <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => f.pct(Number(v))} />
          <Legend itemSorter={null} formatter={legendText} />
          {RES_PARTS.map((k, i) => (
            <Bar
              key={k}
              isAnimationActive={false}
              dataKey={k}
              stackId="time"
              name={t(`leanResults.res.parts.${k}`)}
              fill={PART_COLORS[i]}
            />
          ))}
        </BarChart>
      </ChartBox>
      <Figures>
        {rows.map((r) => (
          <Figure
            key={r.id}
            label={r.name}
            value={f.pct(r.efficiency)}
            raw={r.efficiency}
            testId={`lean-res-${r.id}`}
          />
        ))}
      </Figures>
    </SectionFrame>
  );
}
