import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@sim/core/billing/plans';
import type { VatRates } from '@sim/core/billing/tax';
import { useBillingFormat } from '@/features/billing/billing-format';
import {
  planLength,
  pricePreview,
  type BillingDetails,
  type CatalogOffer,
  type PricePreview,
} from '@/features/billing/subscription-model';

/** Read out, not shown (sizes as strings: a number 1 in `sx` means 100 %). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface PlanCatalogSectionProps {
  readonly offers: readonly CatalogOffer[];
  readonly billing: BillingDetails | null;
  readonly rates: VatRates;
  readonly sellerCountry: string;
  readonly selected: string | null;
  readonly onSelect: (planId: string) => void;
  /** Admins (or an instructor without a team yet) choose plans and get invoices. */
  readonly canBuy: boolean;
  readonly issuing: boolean;
  readonly onGetInvoice: () => void;
}

function PriceLines({ preview }: { preview: PricePreview }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  if (preview.kind === 'rate-missing' || preview.kind === 'unavailable') {
    return (
      <Typography variant="body2" color="text.secondary">
        {t(
          preview.kind === 'rate-missing'
            ? 'billing.catalog.rateMissing'
            : 'billing.catalog.unavailable',
        )}
      </Typography>
    );
  }
  if (preview.kind === 'list') {
    return (
      <Box>
        <Typography variant="h5" component="p" data-testid="plan-net">
          {format.money(preview.net, preview.currency)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('billing.catalog.net')}
        </Typography>
      </Box>
    );
  }
  const vatLabel =
    preview.treatment === 'eu-reverse-charge'
      ? t('billing.catalog.reverseCharge')
      : preview.treatment === 'export'
        ? t('billing.catalog.noVat')
        : t('billing.catalog.vat', { rate: preview.ratePercent });
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Stack spacing={0.5}>
      <Typography variant="h5" component="p">
        {format.money(preview.gross, preview.currency)}
      </Typography>
      {row(t('billing.catalog.net'), format.money(preview.net, preview.currency), 'plan-net')}
      {row(vatLabel, format.money(preview.vat, preview.currency), 'plan-vat')}
      {row(
        t('billing.catalog.total'),
        format.money(preview.gross, preview.currency),
        'plan-gross',
        true,
      )}
    </Stack>
  );
}

function OfferCard({
  offer,
  preview,
  chosen,
  canBuy,
  onSelect,
}: {
  offer: CatalogOffer;
  preview: PricePreview;
  chosen: boolean;
  canBuy: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const length = planLength(offer.durationDays);
  const game = offer.games.map((g) => t(`sessions.types.${g}`)).join(' + ');
  const titleId = `plan-title-${offer.planId}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{
        borderRadius: 3,
        borderColor: chosen ? 'primary.main' : 'divider',
        borderWidth: chosen ? 2 : 1,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid={`plan-${offer.planId}`}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'start' }}>
          <Typography id={titleId} variant="h6" component="h4">
            {offer.planName}
            <Box component="span" sx={visuallyHidden}>
              {` (${game})`}
            </Box>
          </Typography>
          {chosen && (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'primary.main' }}
            >
              <CheckCircleIcon fontSize="small" />
              <Typography variant="body2">{t('billing.catalog.chosen')}</Typography>
            </Stack>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {offer.unlimitedPlayers
            ? t('billing.catalog.unlimited')
            : t('billing.catalog.players', { count: offer.players ?? 0 })}
          {' · '}
          {t('billing.catalog.licenses', { count: offer.licenses })}
          {' · '}
          {t(length.unit === 'months' ? 'billing.catalog.months' : 'billing.catalog.days', {
            count: length.count,
          })}
        </Typography>
        <Divider sx={{ mb: 1.5 }} />
        <PriceLines preview={preview} />
      </CardContent>
      {canBuy && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={chosen ? 'contained' : 'outlined'}
            aria-pressed={chosen}
            aria-describedby={titleId}
            onClick={onSelect}
            data-testid="plan-choose"
          >
            {t('billing.catalog.choose')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * The plan catalogue (business.md §3.11), grouped by game type, each plan priced for the team's
 * billing country by the tax rule the server applies; then "Get invoice" for the chosen plan.
 */
export function PlanCatalogSection(props: PlanCatalogSectionProps) {
  const { t } = useTranslation();
  const { offers, billing, rates, sellerCountry, selected, canBuy } = props;
  const groups = GAME_TYPES.map((type) => ({
    type,
    offers: offers.filter((o) => o.games.length === 1 && o.games[0] === type),
  }));
  const bundles = offers.filter((o) => o.games.length > 1);
  const groupList: { key: string; title: string; offers: readonly CatalogOffer[] }[] = [
    ...groups.map((g) => ({ key: g.type, title: t(`sessions.types.${g.type}`), offers: g.offers })),
    ...(bundles.length > 0
      ? [{ key: 'bundles', title: t('billing.catalog.title'), offers: bundles }]
      : []),
  ].filter((g) => g.offers.length > 0);
  const chosen = offers.find((o) => o.planId === selected) ?? null;
  return (
    <Box component="section" id="purchase" aria-labelledby="plans-title" data-testid="plan-catalog">
      <Typography id="plans-title" variant="h5" component="h2" gutterBottom>
        {t('billing.catalog.title')}
      </Typography>
      {!billing && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="plan-list-note">
          {t('billing.catalog.listNote')}
        </Typography>
      )}
      <Stack spacing={3}>
        {groupList.map((group) => (
          <Box key={group.key}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {group.title}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              }}
            >
              {group.offers.map((offer) => (
                <OfferCard
                  key={offer.planId}
                  offer={offer}
                  preview={pricePreview(offer, billing, rates, sellerCountry)}
                  chosen={offer.planId === selected}
                  canBuy={canBuy}
                  onSelect={() => props.onSelect(offer.planId)}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
      {canBuy && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 3, alignItems: { sm: 'center' } }}
        >
          <Button
            variant="contained"
            size="large"
            disabled={!billing || !chosen || props.issuing}
            onClick={props.onGetInvoice}
            data-testid="get-invoice"
          >
            {props.issuing ? t('billing.catalog.gettingInvoice') : t('billing.catalog.getInvoice')}
          </Button>
          {!billing ? (
            <Alert severity="info" sx={{ flex: 1 }}>
              {t('billing.catalog.billingFirst')}
            </Alert>
          ) : (
            !chosen && (
              <Typography color="text.secondary">{t('billing.catalog.pickFirst')}</Typography>
            )
          )}
        </Stack>
      )}
    </Box>
  );
}
