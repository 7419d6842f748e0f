import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { PurchaseState } from '@/features/billing/invoice-list-model';

/**
 * What the tab says when the payment page sends the buyer back (business.md §3.11): the webhook
 * may mark the invoice paid a moment after the browser returns, so "processing" until the
 * invoice listener shows it paid.
 */
export function PurchaseStatus({
  state,
  invoiceNumber,
}: {
  state: PurchaseState;
  invoiceNumber: number | null;
}) {
  const { t } = useTranslation();
  const number = invoiceNumber === null ? '' : String(invoiceNumber);
  switch (state) {
    case 'processing':
      return (
        <Alert
          severity="info"
          icon={<CircularProgress size={20} aria-hidden />}
          role="status"
          data-testid="purchase-processing"
        >
          {t('billing.purchase.processing')}
        </Alert>
      );
    case 'paid':
      return (
        <Alert severity="success" role="status" data-testid="purchase-paid">
          {t('billing.purchase.paid', { number })}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert severity="info" data-testid="purchase-cancelled">
          {t('billing.purchase.cancelled')}
        </Alert>
      );
    case 'unknown':
      return (
        <Alert severity="warning" data-testid="purchase-unknown">
          {t('billing.purchase.unknown')}
        </Alert>
      );
  }
}
