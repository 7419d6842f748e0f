import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export function QuotePage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('marketing.quote.title')} description={t('marketing.quote.description')} />
  );
}
