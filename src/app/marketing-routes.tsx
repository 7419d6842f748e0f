/**
 * The visitors' pages composed with authentication (features do not import each other): the demo
 * and the quote sign a visitor in anonymously when it acts, and the demo sends an instructor who
 * is signed in to the dashboard.
 */
import { signInAnonymously } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { PageLoader } from '@/components/page-loader';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const DemoPage = lazyPage(() => import('@/features/marketing/demo-page'), 'DemoPage');
const QuotePage = lazyPage(() => import('@/features/marketing/quote-page'), 'QuotePage');

export function DemoRoute() {
  const ready = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  if (!ready) return <PageLoader />;
  return <DemoPage hasAccount={hasEmail(user)} signInAnonymously={signInAnonymously} />;
}

export function QuoteRoute() {
  return <QuotePage signIn={signInAnonymously} />;
}
