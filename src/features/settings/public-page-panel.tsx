import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  checkLogo,
  colorValid,
  EMPTY_PUBLIC_PAGE,
  LOGO_MAX_BYTES,
  normaliseSlug,
  slugValid,
  storedLogo,
  type PublicPage,
} from '@/features/settings/public-page';
import { svgToPng } from '@/features/settings/logo-raster';
import { PublicPagePreview } from '@/features/settings/public-page-preview';
import {
  savePublicPage,
  SlugTakenError,
  uploadLogo,
  watchPublicPage,
} from '@/features/settings/settings-api';
import { parseColor } from '@/lib/color/parse-color';
import { config } from '@/lib/config';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';
import { LOCALE_NAMES, LOCALES } from '@/lib/i18n/pick-locale';

/** Dashboard settings: the instructor's public page (spec §3 publicProfile) and its logo. */
export function PublicPagePanel({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [stored, setStored] = useState<PublicPage | null>(null);
  const [form, setForm] = useState<PublicPage>(EMPTY_PUBLIC_PAGE);
  const [dirty, setDirty] = useState(false);
  // Read by the snapshot listener: a snapshot (a logo just uploaded) keeps the edits not saved yet.
  const dirtyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** The address last refused as someone else's. */
  const [takenSlug, setTakenSlug] = useState<string | null>(null);

  useEffect(
    () =>
      watchPublicPage(
        uid,
        (page) => {
          setStored(page);
          setForm((current) =>
            dirtyRef.current
              ? { ...current, logoUrl: page.logoUrl, filename: page.filename }
              : page,
          );
        },
        (e) => showError(e),
      ),
    [uid],
  );

  const update = (patch: Partial<PublicPage>) => {
    setForm((f) => ({ ...f, ...patch }));
    dirtyRef.current = true;
    setDirty(true);
  };
  const slugTaken = takenSlug !== null && normaliseSlug(form.slug) === takenSlug;
  const badSlug = !slugValid(normaliseSlug(form.slug)) || slugTaken;
  const badBck = !colorValid(form.bckColor);
  const badMain = !colorValid(form.mainColor);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (badSlug || badBck || badMain) return;
    setBusy(true);
    try {
      await savePublicPage(uid, form, stored?.slug ?? '');
      dirtyRef.current = false;
      setDirty(false);
      setTakenSlug(null);
      showToast(t('settings.saved'), { durationMs: 1500 });
    } catch (error) {
      if (error instanceof SlugTakenError) setTakenSlug(error.slug);
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  const pickLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Spec §5: checked before anything is uploaded.
    const ok = checkLogo(file);
    if (!ok) {
      showError(t('settings.logoInvalid'), { report: false });
      return;
    }
    setUploading(true);
    try {
      // An SVG is drawn into a PNG: no uploaded logo carries a script (decision 0008).
      const stored = storedLogo(ok.extension);
      const bytes =
        ok.extension === 'svg'
          ? await svgToPng(await file.text()).catch(() => null)
          : new Uint8Array(await file.arrayBuffer());
      if (bytes === null || bytes.length > LOGO_MAX_BYTES) {
        showError(t('settings.logoInvalid'), { report: false });
        return;
      }
      await uploadLogo(uid, { name: file.name, bytes }, stored.extension, stored.contentType);
      showToast(t('settings.logoUploaded'), { durationMs: 1500 });
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('settings.publicPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('settings.publicPage.description')}{' '}
        {stored?.activePage && (
          <Link component={RouterLink} to={`/user/${uid}`}>
            {t('settings.publicPage.open')}
          </Link>
        )}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar
          variant="rounded"
          src={form.logoUrl || undefined}
          alt={t('settings.logo.alt')}
          sx={{ width: 64, height: 64, bgcolor: 'grey.100', color: 'text.secondary' }}
          data-testid="logo-preview"
        >
          {t('settings.logo.none')}
        </Avatar>
        <Box>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={uploading || !config.filesAvailable}
          >
            {uploading ? t('settings.logo.uploading') : t('settings.logo.upload')}
            <input
              hidden
              type="file"
              accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
              onChange={(e) => void pickLogo(e)}
              data-testid="logo-input"
            />
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5 }}
            data-testid="logo-hint"
          >
            {config.filesAvailable ? t('settings.logo.hint') : t('settings.logo.unavailable')}
          </Typography>
        </Box>
      </Stack>
      <Stack
        component="form"
        spacing={2.5}
        onSubmit={(e) => void submit(e)}
        noValidate
        sx={{ maxWidth: 520 }}
        data-testid="public-page-form"
      >
        <FormControlLabel
          control={
            <Switch
              checked={form.activePage}
              onChange={(e) => update({ activePage: e.target.checked })}
            />
          }
          label={t('settings.publicPage.active')}
        />
        <TextField
          label={t('settings.publicPage.appTitle')}
          value={form.appTitle}
          onChange={(e) => update({ appTitle: e.target.value })}
          helperText={t('settings.publicPage.appTitleHint')}
        />
        <TextField
          label={t('settings.publicPage.pageName')}
          value={form.pageName}
          onChange={(e) => update({ pageName: e.target.value })}
          helperText={t('settings.publicPage.pageNameHint')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.useThumbnail}
              onChange={(e) => update({ useThumbnail: e.target.checked })}
            />
          }
          label={t('settings.publicPage.useThumbnail')}
        />
        <TextField
          label={t('settings.publicPage.slug')}
          value={form.slug}
          error={badSlug}
          helperText={
            slugTaken
              ? t('settings.publicPage.slugTaken')
              : badSlug
                ? t('settings.publicPage.slugInvalid')
                : t('settings.publicPage.slugHint', { slug: normaliseSlug(form.slug) || '…' })
          }
          onChange={(e) => update({ slug: e.target.value })}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['mainColor', 'bckColor'] as const).map((field) => {
            const bad = field === 'mainColor' ? badMain : badBck;
            return (
              <TextField
                key={field}
                fullWidth
                label={t(`settings.publicPage.${field}`)}
                value={form[field]}
                error={bad}
                helperText={bad ? t('settings.publicPage.colorInvalid') : ' '}
                onChange={(e) => update({ [field]: e.target.value })}
                slotProps={{
                  input: {
                    startAdornment: (
                      <Box
                        sx={{
                          width: 20,
                          height: 20,
                          mr: 1,
                          borderRadius: 1,
                          border: 1,
                          borderColor: 'divider',
                          bgcolor: parseColor(form[field]) ?? 'transparent',
                          flexShrink: 0,
                        }}
                      />
                    ),
                  },
                }}
              />
            );
          })}
        </Stack>
        <TextField
          select
          label={t('settings.publicPage.language')}
          value={form.language}
          onChange={(e) => update({ language: e.target.value })}
        >
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !dirty}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('settings.save')}
        </Button>
      </Stack>
      <PublicPagePreview page={form} />
    </Paper>
  );
}
