import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/auth-api';
import { AuthLayout } from '@/features/auth/auth-layout';
import { setProfile, useAuthStore } from '@/features/auth/auth-store';
import {
  ATTRIBUTION_SOURCES,
  PROFILE_TYPES,
  type AttributionSource,
  type UserProfile,
} from '@/features/auth/auth-types';
import {
  ATTRIBUTION_OTHER_MAX,
  buildProfileUpdate,
  welcomeTourOnSetup,
  missingSetupFields,
  type SetupAccountField,
  type SetupAccountForm,
} from '@/features/auth/profile';
import { saveAttribution, saveProfile } from '@/features/auth/profile-api';
import { DASHBOARD_HOME } from '@/features/auth/route-guard';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';
import { analyticsConsent } from '@/lib/analytics/consent';
import { attributionForProfile } from '@/lib/attribution/attribution';
import { reportError } from '@/lib/sentry';

function isAttributionSource(value: string | undefined): value is AttributionSource {
  return (ATTRIBUTION_SOURCES as readonly (string | undefined)[]).includes(value);
}

function initialForm(profile: UserProfile | null): SetupAccountForm {
  return {
    firstname: profile?.firstname ?? '',
    lastname: profile?.lastname ?? '',
    profileType: profile?.profileType ?? '',
    attributionSource: isAttributionSource(profile?.attributionSource)
      ? profile.attributionSource
      : '',
    attributionOtherText: profile?.attributionOtherText ?? '',
  };
}

function SetupAccountFormView({ profile }: { profile: UserProfile | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [form, setForm] = useState<SetupAccountForm>(() => initialForm(profile));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = new Set<SetupAccountField>(touched ? missingSetupFields(form) : []);

  const update = (patch: Partial<SetupAccountForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!user?.email || missingSetupFields(form).length > 0) return;
    setBusy(true);
    try {
      const changes = {
        ...buildProfileUpdate(form, user.email),
        // A new instructor's dashboard opens the welcome tour once.
        ...welcomeTourOnSetup(profile?.welcomeTour),
      };
      await saveProfile(user.uid, changes);
      // Where this visitor came from: the referrer of their link (business.md §3.10) and, with
      // their consent, the campaign (spec §9), each stored once.
      const attribution = attributionForProfile({
        uid: user.uid,
        current: {
          ...(profile?.invitedBy ? { invitedBy: profile.invitedBy } : {}),
          hasAttribution: profile?.hasAttribution === true,
        },
        consent: analyticsConsent(),
        now: Date.now(),
      });
      await saveAttribution(user.uid, attribution).catch(reportError);
      // The listener confirms it; updating now lets the dashboard guard see the completed profile.
      setProfile({ ...useAuthStore.getState().profile, ...changes });
      navigate(DASHBOARD_HOME, { replace: true });
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  const required = t('auth.setup.required');
  return (
    <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('auth.fields.firstname')}
          autoComplete="given-name"
          required
          autoFocus
          value={form.firstname}
          error={missing.has('firstname')}
          helperText={missing.has('firstname') ? required : undefined}
          onChange={(e) => update({ firstname: e.target.value })}
        />
        <TextField
          label={t('auth.fields.lastname')}
          autoComplete="family-name"
          required
          value={form.lastname}
          error={missing.has('lastname')}
          helperText={missing.has('lastname') ? required : undefined}
          onChange={(e) => update({ lastname: e.target.value })}
        />
      </Stack>
      <TextField
        select
        label={t('auth.fields.profileType')}
        required
        value={form.profileType}
        error={missing.has('profileType')}
        helperText={missing.has('profileType') ? required : undefined}
        onChange={(e) => update({ profileType: e.target.value })}
      >
        {PROFILE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`auth.setup.profileTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="attribution-label">{t('auth.setup.attributionQuestion')}</FormLabel>
        <RadioGroup
          aria-labelledby="attribution-label"
          value={form.attributionSource}
          onChange={(e) =>
            update({
              attributionSource: isAttributionSource(e.target.value) ? e.target.value : '',
            })
          }
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {ATTRIBUTION_SOURCES.map((source) => (
            <FormControlLabel
              key={source}
              value={source}
              control={<Radio size="small" />}
              label={t(`auth.setup.attribution.${source}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {form.attributionSource === 'other' && (
        <TextField
          label={t('auth.setup.attributionOther')}
          value={form.attributionOtherText}
          slotProps={{ htmlInput: { maxLength: ATTRIBUTION_OTHER_MAX } }}
          error={missing.has('attributionOtherText')}
          helperText={missing.has('attributionOtherText') ? required : undefined}
          onChange={(e) => update({ attributionOtherText: e.target.value })}
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('auth.setup.saving') : t('auth.setup.submit')}
      </Button>
      <Button
        color="inherit"
        onClick={() => {
          void signOut()
            .then(() => navigate('/', { replace: true }))
            .catch(showError);
        }}
      >
        {t('navbar.logout')}
      </Button>
    </Stack>
  );
}

export function SetupAccountPage() {
  const { t } = useTranslation();
  const profile = useAuthStore((s) => s.profile);
  const profileStatus = useAuthStore((s) => s.profileStatus);
  return (
    <AuthLayout title={t('auth.setup.title')} subtitle={t('auth.setup.subtitle')} maxWidth={560}>
      {profileStatus === 'loading' ? <PageLoader /> : <SetupAccountFormView profile={profile} />}
    </AuthLayout>
  );
}
