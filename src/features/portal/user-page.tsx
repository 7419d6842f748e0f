import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

/** An instructor's public page (`/user/{uid}`). */
export function UserPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('portal.userPage.title')} description={t('portal.userPage.description')} />
  );
}
