import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === current}
            lang={locale}
            onClick={() => {
              setAnchor(null);
              void chooseLocale(locale);
            }}
          >
            {LOCALE_NAMES[locale]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
