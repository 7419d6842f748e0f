import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '@/features/billing/billing-format';
import type { PaymentRow } from '@/features/billing/invoice-list-model';

/** The team's card payments (`invoices`, written by the payment webhook), newest first. */
export function PaymentHistorySection({ rows }: { rows: readonly PaymentRow[] | undefined }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  return (
    <Box component="section" aria-labelledby="payments-title" data-testid="payments">
      <Typography id="payments-title" variant="h5" component="h2" gutterBottom>
        {t('billing.payments.title')}
      </Typography>
      {rows !== undefined && rows.length === 0 && (
        <Typography color="text.secondary" data-testid="payments-none">
          {t('billing.payments.none')}
        </Typography>
      )}
      {rows !== undefined && rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.payments.date')}</TableCell>
              <TableCell>{t('billing.payments.invoice')}</TableCell>
              <TableCell align="right">{t('billing.payments.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="payment">
                <TableCell>{row.paidAt > 0 ? format.date(row.paidAt) : ''}</TableCell>
                <TableCell>{String(row.invoiceNumber)}</TableCell>
                <TableCell align="right">{format.money(row.amount, row.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
