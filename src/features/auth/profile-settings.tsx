import { HintedCheckbox } from '@/components/hinted-checkbox';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/features/auth/auth-store';
import { PROFILE_TYPES } from '@/features/auth/auth-types';
import { mergeProfileFields, saveLeaderboardConsent } from '@/features/auth/profile-api';
import { showError } from '@/lib/errors/error-store';
import { forgetChosenLocale } from '@/lib/i18n/i18n';
import { LOCALE_NAMES, LOCALES } from '@/lib/i18n/pick-locale';

/** Dashboard settings #profile: the instructor's profile fields (spec §3, merge-update profile). */
export function ProfileSettings() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const [firstname, setFirstname] = useState(profile?.firstname ?? '');
  const [lastname, setLastname] = useState(profile?.lastname ?? '');
  const [profileType, setProfileType] = useState(profile?.profileType ?? '');
  const [language, setLanguage] = useState(profile?.language ?? '');
  const [showName, setShowName] = useState(profile?.leaderboardConsent === true);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [touched, setTouched] = useState(false);
  const missing = touched && (!firstname.trim() || !lastname.trim() || !profileType);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!user || !firstname.trim() || !lastname.trim() || !profileType) return;
    setBusy(true);
    try {
      const first = firstname.trim();
      const last = lastname.trim();
      await mergeProfileFields(user.uid, {
        firstname: first,
        lastname: last,
        name: `${first} ${last}`,
        profileType,
        ...(language ? { language } : {}),
      });
      if (showName !== (profile?.leaderboardConsent === true)) {
        await saveLeaderboardConsent(user.uid, showName);
      }
      // The language saved here takes over from an earlier choice in the language picker.
      if (language) void forgetChosenLocale();
      setSaved(true);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setSaved(false);
    };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }} id="profile">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('auth.profile.title')}
      </Typography>
      <Stack
        component="form"
        spacing={2.5}
        onSubmit={(e) => void submit(e)}
        noValidate
        sx={{ maxWidth: 520, mt: 2 }}
        data-testid="profile-form"
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('auth.fields.firstname')}
            required
            fullWidth
            value={firstname}
            error={touched && !firstname.trim()}
            onChange={(e) => edit(setFirstname)(e.target.value)}
          />
          <TextField
            label={t('auth.fields.lastname')}
            required
            fullWidth
            value={lastname}
            error={touched && !lastname.trim()}
            onChange={(e) => edit(setLastname)(e.target.value)}
          />
        </Stack>
        <TextField
          select
          label={t('auth.fields.profileType')}
          required
          value={profileType}
          error={touched && !profileType}
          onChange={(e) => edit(setProfileType)(e.target.value)}
        >
          {PROFILE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`auth.setup.profileTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('auth.profile.language')}
          value={language}
          onChange={(e) => edit(setLanguage)(e.target.value)}
        >
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <HintedCheckbox
          checked={showName}
          onChange={edit(setShowName)}
          label={t('auth.profile.showName')}
          hint={t('auth.profile.showNameHint')}
          testId="profile-show-name"
        />
        {missing && <Alert severity="warning">{t('auth.profile.missing')}</Alert>}
        {saved && (
          <Alert severity="success" data-testid="profile-saved">
            {t('auth.profile.saved')}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('auth.profile.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
