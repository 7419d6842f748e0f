import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export function DemoPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('marketing.demo.title')} description={t('marketing.demo.description')} />
  );
}
