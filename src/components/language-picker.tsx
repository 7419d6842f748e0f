import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopupMenu } from '@/components/lazy-popup-menu';
import { chooseLocale } from '@/lib/i18n/i18n';
import { LOCALE_NAMES, LOCALES, normalizeLocale } from '@/lib/i18n/pick-locale';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = normalizeLocale(i18n.language) ?? 'en';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        // Holds the visible code (EN, FR…) so the name matches the label.
        aria-label={`${t('navbar.language')}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        sx={{ minWidth: 0 }}
      >
        {current.toUpperCase()}
      </Button>
      <LazyPopupMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        plainLabels
        items={LOCALES.map((locale) => ({
          key: locale,
          label: LOCALE_NAMES[locale],
          selected: locale === current,
          lang: locale,
          onClick: () => void chooseLocale(locale),
        }))}
      />
    </>
  );
}
