import { useTranslation } from 'react-i18next';
import { errorKey, errorMessage } from '@/lib/errors/error-message';

/**
 * The translated text of a thrown value, for errors shown in place (under a field, in a panel):
 * the same lookup as the error snackbar, so no key or English SDK message reaches a player.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    const key = errorKey(error, (k) => i18n.exists(`errors.${k}`));
    return key !== null ? t(`errors.${key}` as 'errors.errorInternal') : errorMessage(error);
  };
}
