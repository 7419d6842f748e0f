import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export type GameView = 'intro' | 'play' | 'results' | 'debrief';

export function GamePage({ view }: { view: GameView }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <SimplePage
      title={t(`games.${view}.title`)}
      description={t(`games.${view}.description`, { id })}
    />
  );
}
