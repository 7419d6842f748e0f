import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export type SessionView = 'lobby' | 'follow-up' | 'responses' | 'results';

const KEYS = {
  lobby: 'lobby',
  'follow-up': 'followUp',
  responses: 'responses',
  results: 'results',
} as const satisfies Record<SessionView, string>;

export function SessionPage({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const key = KEYS[view];
  return (
    <SimplePage
      title={t(`sessions.${key}.title`)}
      description={t(`sessions.${key}.description`, { sid })}
    />
  );
}
