import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@sim/core/billing/money';
import { GAME_TYPES, type GameType } from '@sim/core/billing/plans';
import type { VatRates } from '@sim/core/billing/tax';
import { useErrorText } from '@/lib/errors/use-error-text';
import { countryNames } from '@/lib/i18n/countries';
import { MarketingLayout } from '@/features/marketing/marketing-layout';
import {
  readPlanCatalog,
  readVatRates,
  submitQuoteRequest,
} from '@/features/marketing/marketing-api';
import { type CatalogPlanPrice, quotePreview } from '@/features/marketing/quote-preview';

/** The bounds the access policy holds a request to (store/src/policy/collections.ts). */
const INSTITUTION_MAX = 200;
const MESSAGE_MAX = 2000;
const PLAYERS_MAX = 100_000;
const EMAIL_FORMAT = /^[^@ ]+@[^@ ]+[.][^@ ]+$/;

/**
 * `/quote`: a request for a class's quote, stored for the team (`quoteRequests`), with the price
 * preview of the plan catalogue in the visitor's country's currency and VAT.
 */
export function QuotePage({ signIn }: { signIn: () => Promise<{ uid: string }> }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const locale = i18n.language;
  const countries = useMemo(() => countryNames(locale), [locale]);
  const [institution, setInstitution] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState('');
  const [players, setPlayers] = useState('');
  const [types, setTypes] = useState<GameType[]>(['beergame']);
  const [message, setMessage] = useState('');
  const [catalog, setCatalog] = useState<CatalogPlanPrice[]>([]);
  const [rates, setRates] = useState<VatRates>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    readPlanCatalog().then(setCatalog, () => setCatalog([]));
  }, []);
  useEffect(() => {
    let current = true;
    readVatRates(country).then(
      (r) => current && setRates(r),
      () => current && setRates({}),
    );
    return () => {
      current = false;
    };
  }, [country]);

  const count = Number(players);
  const playersValid = Number.isInteger(count) && count >= 1 && count <= PLAYERS_MAX;
  const emailValid = EMAIL_FORMAT.test(email.trim());
  const preview = quotePreview({
    players: playersValid ? count : 0,
    gameTypes: types,
    countryCode: country,
    catalog,
    rates,
  });
  const number = (n: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const money = (minor: number, currency: Currency) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);

  const toggle = (type: GameType, on: boolean) =>
    setTypes((now) => GAME_TYPES.filter((g) => (g === type ? on : now.includes(g))));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!playersValid || !emailValid || types.length === 0 || country === '') return;
    setBusy(true);
    setError(null);
    try {
      const { uid } = await signIn();
      await submitQuoteRequest(uid, {
        institution: institution.trim(),
        email: email.trim(),
        country,
        players: count,
        gameTypes: types,
        message: message.trim(),
        locale: locale.slice(0, 2),
      });
      setSentTo(email.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null) {
    return (
      <MarketingLayout title={t('marketing.quote.title')}>
        <Alert severity="success" role="status" sx={{ fontSize: '1.05rem' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('marketing.quotePage.thanks')}
          </Typography>
          {t('marketing.quotePage.thanksText', { email: sentTo })}
        </Alert>
      </MarketingLayout>
    );
  }

  return (
    <MarketingLayout title={t('marketing.quote.title')} lead={t('marketing.quotePage.lead')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4 }}>
            <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)} noValidate>
              <TextField
                label={t('marketing.quotePage.institution')}
                required
                autoComplete="organization"
                value={institution}
                onChange={(e) => setInstitution(e.target.value)}
                slotProps={{ htmlInput: { maxLength: INSTITUTION_MAX } }}
              />
              <TextField
                label={t('marketing.quotePage.email')}
                type="email"
                required
                autoComplete="email"
                value={email}
                error={email !== '' && !emailValid}
                helperText={email !== '' && !emailValid ? t('errors.authInvalidEmail') : ' '}
                onChange={(e) => setEmail(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 320 } }}
              />
              <TextField
                select
                label={t('marketing.quotePage.country')}
                required
                value={country}
                onChange={(e) => setCountry(e.target.value)}
              >
                {countries.map((c) => (
                  <MenuItem key={c.code} value={c.code}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('marketing.quotePage.players')}
                type="number"
                required
                value={players}
                error={players !== '' && !playersValid}
                helperText={t('marketing.quotePage.playersHelp', { max: PLAYERS_MAX })}
                onChange={(e) => setPlayers(e.target.value)}
                slotProps={{
                  htmlInput: { min: 1, max: PLAYERS_MAX, step: 1, inputMode: 'numeric' },
                }}
              />
              <FormControl required error={types.length === 0}>
                <FormLabel component="legend">{t('marketing.quotePage.gameTypes')}</FormLabel>
                <FormGroup row>
                  {GAME_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      control={
                        <Checkbox
                          checked={types.includes(type)}
                          onChange={(e) => toggle(type, e.target.checked)}
                        />
                      }
                      label={t(`gamelist.types.${type}`)}
                    />
                  ))}
                </FormGroup>
                {types.length === 0 && (
                  <FormHelperText>{t('marketing.quotePage.gameTypesNeeded')}</FormHelperText>
                )}
              </FormControl>
              <TextField
                label={t('marketing.quotePage.message')}
                multiline
                minRows={3}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
              />
              {error && <Alert severity="error">{error}</Alert>}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={
                  busy ||
                  institution.trim() === '' ||
                  !emailValid ||
                  country === '' ||
                  !playersValid ||
                  types.length === 0
                }
              >
                {busy ? t('marketing.quotePage.sending') : t('marketing.quotePage.send')}
              </Button>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            component="section"
            aria-labelledby="quote-preview"
            variant="outlined"
            sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4 }}
          >
            <Typography id="quote-preview" component="h2" variant="h6" gutterBottom>
              {t('marketing.quotePage.preview')}
            </Typography>
            {preview === null ? (
              <Typography color="text.secondary">
                {t('marketing.quotePage.previewEmpty')}
              </Typography>
            ) : (
              <Stack spacing={1.5} data-testid="quote-preview">
                {preview.lines.map((line) => (
                  <Stack key={line.type} direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography>
                      {t(`gamelist.types.${line.type}`)} · {line.planName}{' '}
                      <Typography component="span" color="text.secondary" variant="body2">
                        (
                        {line.players === null
                          ? t('marketing.quotePage.unlimited')
                          : t('marketing.quotePage.upTo', { players: number(line.players) })}
                        )
                      </Typography>
                    </Typography>
                    <Typography>{money(line.net, preview.currency)}</Typography>
                  </Stack>
                ))}
                <Divider />
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography color="text.secondary">
                    {t('marketing.quotePage.vat', { rate: number(preview.ratePercent) })}
                  </Typography>
                  <Typography color="text.secondary">
                    {money(preview.vat, preview.currency)}
                  </Typography>
                </Stack>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 700 }}>{t('marketing.quotePage.total')}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>
                    {money(preview.gross, preview.currency)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t('marketing.quotePage.previewNote')}
                </Typography>
              </Stack>
            )}
          </Paper>
        </Grid>
      </Grid>
    </MarketingLayout>
  );
}
