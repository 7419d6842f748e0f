import CreditCardIcon from '@mui/icons-material/CreditCard';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '@/features/billing/billing-format';
import { pdfBytesOf, pdfFileName } from '@/features/billing/invoice-pdf';
import type { InvoiceRow } from '@/features/billing/invoice-list-model';
import type { CatalogOffer } from '@/features/billing/subscription-model';
import { showError } from '@/lib/errors/error-store';
import { saveBlob } from '@/lib/excel/download-excel';
import {
  cancelEconomicInvoice,
  createSessionFromEconomicInvoice,
  getEconomicInvoicePdf,
} from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

export interface InvoicesSectionProps {
  /** undefined while loading. */
  readonly rows: readonly InvoiceRow[] | undefined;
  readonly catalog: readonly CatalogOffer[];
}

type Busy = { readonly id: string; readonly action: 'download' | 'pay' | 'cancel' } | null;

const STATUS_COLOR = {
  open: 'warning',
  paid: 'success',
  cancelled: 'default',
  issued: 'default',
} as const;

/** Saves the invoice's PDF as `<number>.pdf` (base64 → Blob → a download link). */
async function downloadPdf(row: InvoiceRow): Promise<void> {
  const pdf = await getEconomicInvoicePdf({ invoiceId: row.id });
  const blob = new Blob([pdfBytesOf(pdf.base64)], { type: 'application/pdf' });
  saveBlob(blob, pdfFileName(pdf.fileName, row.invoiceNumber));
}

function InvoiceItem({
  row,
  planName,
  busy,
  onDownload,
  onPay,
  onCancel,
}: {
  row: InvoiceRow;
  planName: string;
  busy: Busy;
  onDownload: () => void;
  onPay: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  const title =
    row.kind === 'credit-note'
      ? t('billing.invoices.creditNote', { number: String(row.invoiceNumber) })
      : t('billing.invoices.invoice', { number: String(row.invoiceNumber) });
  const status = row.kind === 'credit-note' ? 'issued' : row.status;
  const working = busy?.id === row.id;
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: 2, borderRadius: 3, listStyle: 'none' }}
      data-testid={`invoice-${row.invoiceNumber}`}
      data-status={row.status}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              id={`invoice-title-${row.id}`}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700 }}
            >
              {title}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLOR[status]}
              variant={status === 'paid' || status === 'open' ? 'filled' : 'outlined'}
              label={t(`billing.invoices.status.${status}`)}
              data-testid="invoice-status"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[planName, t('billing.invoices.issued', { date: format.date(row.createdAt) })]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {row.creditForNumber !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('billing.invoices.creditFor', { number: String(row.creditForNumber) })}
            </Typography>
          )}
          {row.creditNoteNumber !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('billing.invoices.cancelledBy', { number: String(row.creditNoteNumber) })}
            </Typography>
          )}
          {row.booking !== 'booked' && (
            <Typography variant="body2" color="text.secondary" data-testid="invoice-booking">
              {t(
                row.booking === 'failed'
                  ? 'billing.invoices.bookingFailed'
                  : 'billing.invoices.booking',
              )}
            </Typography>
          )}
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { sm: 'center' }, flexShrink: 0 }}
        >
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography sx={{ fontWeight: 700 }} data-testid="invoice-gross">
              {format.money(row.gross, row.currency)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('billing.invoices.net', { amount: format.money(row.net, row.currency) })}
              {' · '}
              {t('billing.invoices.vat', { amount: format.money(row.vat, row.currency) })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={working}
              onClick={onDownload}
              aria-describedby={`invoice-title-${row.id}`}
              data-testid="invoice-download"
            >
              {t('billing.invoices.download')}
            </Button>
            {row.canPay && (
              <Button
                variant="contained"
                startIcon={<CreditCardIcon />}
                disabled={working}
                onClick={onPay}
                aria-describedby={`invoice-title-${row.id}`}
                data-testid="invoice-pay"
              >
                {working && busy?.action === 'pay'
                  ? t('billing.invoices.opening')
                  : t('billing.invoices.pay')}
              </Button>
            )}
            {row.canCancel && (
              <Button
                color="error"
                disabled={working}
                onClick={onCancel}
                aria-describedby={`invoice-title-${row.id}`}
                data-testid="invoice-cancel"
              >
                {t('billing.invoices.cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The team's invoices and credit notes, highest number first (business.md §3.11): download the
 * PDF (every member), pay by card or cancel with a credit note (admins, an open invoice only).
 */
export function InvoicesSection({ rows, catalog }: InvoicesSectionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState<InvoiceRow | null>(null);

  const run = async (
    row: InvoiceRow,
    action: NonNullable<Busy>['action'],
    work: () => Promise<void>,
  ) => {
    setBusy({ id: row.id, action });
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const pay = (row: InvoiceRow) =>
    run(row, 'pay', async () => {
      const session = await createSessionFromEconomicInvoice({ invoiceId: row.id });
      window.location.assign(session.url);
    });

  const cancel = (row: InvoiceRow) =>
    run(row, 'cancel', async () => {
      setConfirming(null);
      const result = await cancelEconomicInvoice({ invoiceId: row.id });
      showToast(
        t('billing.invoices.cancelled', {
          number: String(row.invoiceNumber),
          creditNote: String(result.creditNoteNumber),
        }),
        { durationMs: 5000 },
      );
    });

  const planName = (row: InvoiceRow) => {
    const offer = catalog.find((o) => o.planId === row.planId);
    if (!offer) return row.description;
    return `${offer.games.map((g) => t(`sessions.types.${g}`)).join(' + ')} · ${offer.planName}`;
  };

  return (
    <Box component="section" aria-labelledby="invoices-title" data-testid="invoices">
      <Typography id="invoices-title" variant="h5" component="h2" gutterBottom>
        {t('billing.invoices.title')}
      </Typography>
      {rows !== undefined && rows.length === 0 && (
        <Typography color="text.secondary" data-testid="invoices-none">
          {t('billing.invoices.none')}
        </Typography>
      )}
      {rows !== undefined && rows.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {rows.map((row) => (
            <InvoiceItem
              key={row.id}
              row={row}
              planName={planName(row)}
              busy={busy}
              onDownload={() => void run(row, 'download', () => downloadPdf(row))}
              onPay={() => void pay(row)}
              onCancel={() => setConfirming(row)}
            />
          ))}
        </Stack>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="cancel-invoice-title"
      >
        <DialogTitle id="cancel-invoice-title">
          {t('billing.invoices.cancelTitle', {
            number: String(confirming?.invoiceNumber ?? ''),
          })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('billing.invoices.cancelText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} autoFocus>
            {t('billing.invoices.keep')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => confirming && void cancel(confirming)}
            data-testid="invoice-cancel-confirm"
          >
            {t('billing.invoices.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
