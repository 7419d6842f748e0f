import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData, Unsubscribe } from '@sim/core/port/data-port';
import { BillingDataForm } from '@/features/billing/billing-data-form';
import { useBillingFormat } from '@/features/billing/billing-format';
import {
  invoiceRowsOf,
  paymentRowsOf,
  purchaseStateOf,
} from '@/features/billing/invoice-list-model';
import { InvoicesSection } from '@/features/billing/invoices-section';
import { PaymentHistorySection } from '@/features/billing/payment-history-section';
import { PlanCatalogSection } from '@/features/billing/plan-catalog-section';
import { PurchaseStatus } from '@/features/billing/purchase-status';
import {
  watchCatalog,
  watchTeamInvoices,
  watchTeamPayments,
  watchVatRates,
  type RawDoc,
} from '@/features/billing/subscription-api';
import {
  billingDetailsOf,
  catalogOf,
  currentPlansOf,
  isTeamAdmin,
  preselectedPlan,
  purchaseReturnOf,
  ratesOf,
} from '@/features/billing/subscription-model';
import { config } from '@/lib/config';
import { showError } from '@/lib/errors/error-store';
import { createInvoice } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

export interface SubscriptionPanelProps {
  readonly uid: string;
  /** null: the instructor is in no team yet; undefined while loading. */
  readonly teamId: string | null | undefined;
  readonly team: DocData | null | undefined;
}

/**
 * A live list of documents: `watch(key, …)` for the key (a team id, or a fixed name), restarted
 * when the key changes; undefined while loading and without a key.
 */
function useDocs(
  key: string | null,
  watch: (
    key: string,
    next: (docs: RawDoc[]) => void,
    onError: (e: unknown) => void,
  ) => Unsubscribe,
): RawDoc[] | undefined {
  const [state, setState] = useState<{ key: string; docs: RawDoc[] } | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    return watch(key, (docs) => setState({ key, docs }), showError);
  }, [key, watch]);
  return state && state.key === key ? state.docs : undefined;
}

const watchCatalogOf = (
  _key: string,
  next: (docs: RawDoc[]) => void,
  onError: (e: unknown) => void,
) => watchCatalog(next, onError);
const watchRatesOf = (
  _key: string,
  next: (docs: RawDoc[]) => void,
  onError: (e: unknown) => void,
) => watchVatRates(next, onError);

function CurrentPlans({ team }: { team: DocData | null | undefined }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  // Compared with the time the tab opened, as the dashboard's tags are.
  const [now] = useState(() => Date.now());
  const plans = currentPlansOf(team, now);
  return (
    <Stack spacing={0.5} data-testid="current-plans">
      <Typography variant="h6" component="h2">
        {t('billing.current.title')}
      </Typography>
      {plans.length === 0 && (
        <Typography color="text.secondary">{t('billing.current.none')}</Typography>
      )}
      {plans.map((plan) => (
        <Typography key={plan.type} data-testid={`current-plan-${plan.type}`}>
          {t(plan.trial ? 'billing.current.trial' : 'billing.current.plan', {
            game: t(`sessions.types.${plan.type}`),
            plan: plan.planName,
            date: plan.until === null ? '∞' : format.date(plan.until),
          })}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * The Subscription tab (`/dashboard/subscription#purchase`, business.md §3.11): the team's
 * plans, the catalogue priced for its billing country, the billing details, "Get invoice", the
 * invoices with download, pay and cancel, and the payment history. `?purchase=<planId>` chooses
 * a plan; `?purchase=success&invoice=<id>` (the payment page's return) shows the payment being
 * confirmed until the invoice is paid. Members who are not admins see it read-only.
 */
export function SubscriptionPanel({ uid, teamId, team }: SubscriptionPanelProps) {
  const { t } = useTranslation();
  const { search, hash } = useLocation();
  const catalogDocs = useDocs('catalog', watchCatalogOf);
  const rateDocs = useDocs('rates', watchRatesOf);
  const invoiceDocs = useDocs(teamId ?? null, watchTeamInvoices);
  const paymentDocs = useDocs(teamId ?? null, watchTeamPayments);
  const admin = isTeamAdmin(team, uid);
  // Without a team, saving the billing details makes one with the instructor as its admin.
  const canBuy = teamId === null || admin;
  const catalog = useMemo(() => catalogOf(catalogDocs ?? []), [catalogDocs]);
  const rates = useMemo(() => ratesOf(rateDocs ?? []), [rateDocs]);
  const billing = billingDetailsOf(team);
  const invoices = useMemo(
    () => (teamId === null ? [] : invoiceDocs && invoiceRowsOf(invoiceDocs, admin)),
    [teamId, invoiceDocs, admin],
  );
  const payments = useMemo(
    () => (teamId === null ? [] : paymentDocs && paymentRowsOf(paymentDocs)),
    [teamId, paymentDocs],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? preselectedPlan(search, catalog);
  const [issuing, setIssuing] = useState(false);
  const back = purchaseReturnOf(search);
  const purchaseState = purchaseStateOf(back, invoices);
  const returned = back ? invoices?.find((row) => row.id === back.invoiceId) : undefined;

  const catalogRef = useRef<HTMLDivElement>(null);
  const loaded = catalogDocs !== undefined;
  useEffect(() => {
    if (loaded && hash === '#purchase') catalogRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const getInvoice = async () => {
    if (!teamId || !selected) return;
    setIssuing(true);
    try {
      const invoice = await createInvoice({ teamId, planId: selected });
      showToast(t('billing.catalog.invoiceIssued', { number: String(invoice.invoiceNumber) }), {
        durationMs: 5000,
      });
      setChosen(null);
    } catch (error) {
      showError(error);
    } finally {
      setIssuing(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4 }}
      data-testid="subscription-panel"
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {t('billing.subscription.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '75ch' }}>
        {t('billing.subscription.intro')}
      </Typography>
      <Stack spacing={4} divider={<Divider flexItem />}>
        {(purchaseState || !canBuy) && (
          <Stack spacing={2}>
            {purchaseState && (
              <PurchaseStatus
                state={purchaseState}
                invoiceNumber={returned?.invoiceNumber ?? null}
              />
            )}
            {!canBuy && teamId !== undefined && (
              <Typography color="text.secondary" data-testid="subscription-read-only">
                {t('billing.subscription.readOnly')}
              </Typography>
            )}
          </Stack>
        )}
        <CurrentPlans team={team} />
        <div ref={catalogRef}>
          {!loaded ? (
            <Typography color="text.secondary">{t('billing.subscription.loading')}</Typography>
          ) : (
            <PlanCatalogSection
              offers={catalog}
              billing={billing}
              rates={rates}
              sellerCountry={config.sellerCountry}
              selected={selected}
              onSelect={setChosen}
              canBuy={canBuy && teamId !== undefined}
              issuing={issuing}
              onGetInvoice={() => void getInvoice()}
            />
          )}
        </div>
        {team !== undefined && (
          <BillingDataForm billing={billing} teamId={teamId ?? null} canEdit={canBuy} />
        )}
        <InvoicesSection rows={invoices} catalog={catalog} />
        <PaymentHistorySection rows={payments} />
      </Stack>
    </Paper>
  );
}
