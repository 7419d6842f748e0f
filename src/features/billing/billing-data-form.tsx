import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseVatNumber } from '@sim/core/billing/vat-number';
import type { BillingDetails } from '@/features/billing/subscription-model';
import { vatFeedback } from '@/features/billing/vat-feedback';
import { showError } from '@/lib/errors/error-store';
import { errorKey } from '@/lib/errors/error-message';
import { updateCustomer, type UpdateCustomerResponse } from '@/lib/firebase/callables';
import { countryName, countryNames } from '@/lib/i18n/countries';
import { showToast } from '@/lib/toast/toast-store';

export interface BillingDataFormProps {
  /** The team's saved billing data (null: none yet). */
  readonly billing: BillingDetails | null;
  /** null: no team yet (the first save makes one, with the instructor as its admin). */
  readonly teamId: string | null;
  readonly canEdit: boolean;
  readonly onSaved?: (result: UpdateCustomerResponse) => void;
}

interface Fields {
  countryCode: string;
  companyName: string;
  address: string;
  zip: string;
  city: string;
  email: string;
  euvatnr: string;
}

function fieldsOf(billing: BillingDetails | null): Fields {
  return {
    countryCode: billing?.countryCode ?? '',
    companyName: billing?.companyName ?? '',
    address: billing?.address ?? '',
    zip: billing?.zip ?? '',
    city: billing?.city ?? '',
    email: billing?.email ?? '',
    euvatnr: billing?.euvatnr ?? '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The saved details as text, for members who may not change them. */
function BillingSummary({ billing }: { billing: BillingDetails | null }) {
  const { t, i18n } = useTranslation();
  if (!billing) {
    return <Typography color="text.secondary">{t('billing.form.none')}</Typography>;
  }
  const lines = [
    billing.companyName,
    billing.address,
    [billing.zip, billing.city].filter(Boolean).join(' '),
    countryName(i18n.language, billing.countryCode),
    billing.euvatnr && `${t('billing.form.vatNumber')}: ${billing.euvatnr}`,
    billing.email,
  ].filter(Boolean);
  return (
    <Box data-testid="billing-summary">
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
    </Box>
  );
}

/**
 * The team's billing details (business.md §3.4): country, company, address and VAT number, with
 * live feedback on the number's format while it is typed; saving asks `updateCustomer`, which
 * checks it with the EU VAT register ("Your VAT number was validated" / "Incorrect VAT number",
 * spec §5). Members who are not admins see the details only.
 */
export function BillingDataForm({ billing, teamId, canEdit, onSaved }: BillingDataFormProps) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(billing));
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  /** The number and country the server refused, until either changes. */
  const [refused, setRefused] = useState<{ countryCode: string; euvatnr: string } | null>(null);
  const countries = useMemo(() => countryNames(i18n.language), [i18n.language]);

  if (!canEdit) {
    return (
      <Box component="section" aria-labelledby="billing-title" data-testid="billing-form">
        <Typography id="billing-title" variant="h5" component="h2" gutterBottom>
          {t('billing.form.title')}
        </Typography>
        <BillingSummary billing={billing} />
      </Box>
    );
  }

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const feedback = vatFeedback(fields.countryCode, fields.euvatnr, billing);
  const isRefused =
    refused !== null &&
    refused.countryCode === fields.countryCode &&
    normaliseVatNumber(refused.euvatnr) === normaliseVatNumber(fields.euvatnr);
  const vatHelp = isRefused
    ? t('errors.billingVatInvalid')
    : feedback.kind === 'validated'
      ? t('billing.vatValidated')
      : feedback.kind === 'format'
        ? t('billing.form.vatFormat', { prefix: feedback.prefix })
        : feedback.kind === 'checksum'
          ? t('billing.form.vatChecksum')
          : feedback.kind === 'well-formed'
            ? t('billing.form.vatWellFormed')
            : feedback.kind === 'not-checked'
              ? t('billing.form.vatNotChecked')
              : t('billing.form.vatOptional');
  const vatError = isRefused || feedback.kind === 'format' || feedback.kind === 'checksum';
  const companyMissing = fields.companyName.trim() === '';
  const emailBad = fields.email.trim() !== '' && !EMAIL.test(fields.email.trim());
  const countryMissing = fields.countryCode === '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (companyMissing || emailBad || countryMissing) return;
    setSaving(true);
    const sent = { countryCode: fields.countryCode, euvatnr: fields.euvatnr };
    try {
      const result = await updateCustomer({
        ...(teamId ? { teamId } : {}),
        countryCode: fields.countryCode,
        euvatnr: fields.euvatnr.trim(),
        companyName: fields.companyName.trim(),
        address: fields.address.trim(),
        zip: fields.zip.trim(),
        city: fields.city.trim(),
        email: fields.email.trim(),
      });
      setRefused(null);
      setFields((current) => ({ ...current, euvatnr: result.euvatnr }));
      showToast(result.vatStatus === 'none' ? t('billing.form.saved') : t('billing.vatValidated'));
      onSaved?.(result);
    } catch (error) {
      if (errorKey(error, (key) => key === 'billingVatInvalid') === 'billingVatInvalid') {
        setRefused(sent);
      } else {
        showError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void save(event)}
      aria-labelledby="billing-title"
      data-testid="billing-form"
    >
      <Typography id="billing-title" variant="h5" component="h2" gutterBottom>
        {t('billing.form.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.form.intro')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          select
          label={t('billing.form.country')}
          value={fields.countryCode}
          onChange={set('countryCode')}
          required
          error={submitted && countryMissing}
          helperText={submitted && countryMissing ? t('billing.form.countryRequired') : ' '}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'billing-country' },
          }}
        >
          <option value="" disabled />
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </TextField>
        <TextField
          label={t('billing.form.company')}
          value={fields.companyName}
          onChange={set('companyName')}
          required
          autoComplete="organization"
          error={submitted && companyMissing}
          helperText={submitted && companyMissing ? t('billing.form.companyRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t('billing.form.address')}
          value={fields.address}
          onChange={set('address')}
          autoComplete="street-address"
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('billing.form.zip')}
            value={fields.zip}
            onChange={set('zip')}
            autoComplete="postal-code"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
          <TextField
            label={t('billing.form.city')}
            value={fields.city}
            onChange={set('city')}
            autoComplete="address-level2"
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Stack>
        <TextField
          label={t('billing.form.email')}
          type="email"
          value={fields.email}
          onChange={set('email')}
          autoComplete="email"
          error={submitted && emailBad}
          helperText={submitted && emailBad ? t('billing.form.emailInvalid') : undefined}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          label={t('billing.form.vatNumber')}
          value={fields.euvatnr}
          onChange={set('euvatnr')}
          error={vatError}
          helperText={<span data-testid="billing-vat-feedback">{vatHelp}</span>}
          slotProps={{
            htmlInput: { maxLength: 40, 'data-testid': 'billing-vat', spellCheck: false },
            formHelperText: {
              // Read out when the server's answer or the format hint changes.
              role: 'status',
              sx:
                feedback.kind === 'validated' && !isRefused ? { color: 'success.dark' } : undefined,
            },
          }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={saving} data-testid="billing-save">
            {saving ? t('billing.form.saving') : t('billing.form.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
