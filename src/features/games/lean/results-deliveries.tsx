/**
 * The deliveries section (spec §9 deliveries, design C.2): every order with its counters, the
 * OTIF rate over the orders due by the end, the on-time fill rate, and units ordered beside units
 * shipped by minute.
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { deliveryRows } from '@/features/games/lean/debrief-data';
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
import { ScrollRegion } from '@/components/scroll-region';

export function DeliveriesSection({
  debrief,
  productName,
}: {
  debrief: LeanDebrief;
  productName: (tid: string) => string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const d = debrief.deliveries;
  return (
    <SectionFrame
      id="deliveries"
      title={t('leanResults.sections.deliveries.title')}
      lead={t('leanResults.sections.deliveries.lead')}
    >
      <Figures>
        <Figure
          label={t('leanResults.deliveries.otifRate')}
          value={f.pct(d.otifRate)}
          raw={d.otifRate}
          testId="lean-otif-rate"
        />
        <Figure
          label={t('leanResults.deliveries.onTimeFillRate')}
          value={f.pct(d.onTimeFillRate)}
          raw={d.onTimeFillRate}
          testId="lean-fill-rate"
        />
        <Figure
          label={t('leanResults.deliveries.delivered')}
          value={f.num(d.delivered)}
          raw={d.delivered}
          testId="lean-delivered"
        />
        <Figure
          label={t('leanResults.deliveries.backlog')}
          value={f.num(d.backlog)}
          raw={d.backlog}
          testId="lean-backlog"
        />
        <Figure
          label={t('leanResults.deliveries.customerLeadTime')}
          value={f.min(d.averageCustomerLeadTime)}
          raw={d.averageCustomerLeadTime}
          testId="lean-customer-lead-time"
        />
      </Figures>
      <SubTitle>{t('leanResults.deliveries.chart')}</SubTitle>
      <ChartBox label={t('leanResults.deliveries.chart')} testId="lean-deliveries-chart">
        <LineChart data={deliveryRows(debrief)}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="t" type="number" domain={[0, 'dataMax']} tickFormatter={f.num} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip labelFormatter={(v) => f.min(Number(v))} />
          <Legend itemSorter={null} formatter={legendText} />
          {(['ordered', 'shipped'] as const).map((k, i) => (
            <Line
              key={k}
              isAnimationActive={false}
              type="stepAfter"
              dataKey={k}
              name={t(`leanResults.deliveries.${k}`)}
              stroke={SERIES[i]}
              dot={false}
              strokeWidth={2}
            />
          ))}
        </LineChart>
      </ChartBox>
      <SubTitle>{t('leanResults.deliveries.table')}</SubTitle>
      <ScrollRegion label={t('leanResults.deliveries.table')}>
        <Table size="small" data-testid="lean-orders-table">
          <TableHead>
            <TableRow>
              {(
                [
                  'order',
                  'product',
                  'qty',
                  'placed',
                  'due',
                  'delivered',
                  'deliveredAt',
                  'late',
                  'defective',
                  'otif',
                ] as const
              ).map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                  {t(`leanResults.deliveries.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {d.orders.map((o) => (
              <TableRow key={o.index} data-testid={`lean-order-row-${o.index}`}>
                <TableCell>{o.index + 1}</TableCell>
                <TableCell>{productName(o.template)}</TableCell>
                <TableCell>{f.num(o.qty)}</TableCell>
                <TableCell>{f.num(o.created_min)}</TableCell>
                <TableCell>{f.num(o.due_min)}</TableCell>
                <TableCell data-value={o.fulfilled_qty}>{f.num(o.fulfilled_qty)}</TableCell>
                <TableCell>{o.fulfilled_at === null ? '—' : f.num(o.fulfilled_at)}</TableCell>
                <TableCell>{f.num(o.lateProducts)}</TableCell>
                <TableCell>{f.num(o.defectProducts)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {!o.counted
                    ? t('leanResults.deliveries.notDue')
                    : o.otif
                      ? t('leanResults.deliveries.yes')
                      : t('leanResults.deliveries.no')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </SectionFrame>
  );
}
