/**
 * Error reporting. `@sentry/react` is loaded and initialised only when a DSN is configured;
 * otherwise reporting is a no-op and the SDK is never downloaded.
 */
import type * as Sentry from '@sentry/react';
import { config } from '@/lib/config';

type SentryModule = typeof Sentry;

let sentry: Promise<SentryModule | null> = Promise.resolve(null);

export function initSentry(): void {
  const dsn = config.sentryDsn;
  if (!dsn) return;
  sentry = import('@sentry/react')
    .then((mod) => {
      mod.init({ dsn, environment: import.meta.env.MODE });
      return mod;
    })
    .catch(() => null);
}

export function reportError(error: unknown): void {
  void sentry.then((mod) => {
    mod?.captureException(error);
  });
}
