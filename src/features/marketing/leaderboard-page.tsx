import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export function LeaderboardPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      title={t('marketing.leaderboard.title')}
      description={t('marketing.leaderboard.description')}
    />
  );
}
