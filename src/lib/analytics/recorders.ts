/**
 * The recorders behind `recordEvent`: which service receives the events (Firebase Analytics in a
 * production build with a measurement id, the local recorder on the local stack), and the consent
 * gate in front of it, so nothing is recorded or loaded before the visitor accepts.
 */
import type { AnalyticsEvent, AnalyticsRecorder, AnalyticsValue } from '@/lib/analytics/analytics';
import type { ConsentChoice } from '@/lib/analytics/consent';

export type AnalyticsTarget = 'firebase' | 'local' | 'none';

/**
 * Firebase Analytics only in a production build with a measurement id and a real project; the
 * local recorder on the local stack (emulators) and in development; otherwise nothing.
 */
export function analyticsTarget(build: {
  readonly production: boolean;
  readonly measurementId: string | undefined;
  readonly useEmulators: boolean;
}): AnalyticsTarget {
  if (build.production && build.measurementId && !build.useEmulators) return 'firebase';
  if (build.useEmulators || !build.production) return 'local';
  return 'none';
}

/** A recorder that passes events on only while the visitor's answer is 'granted'. */
export function consentGatedRecorder(
  consent: () => ConsentChoice | null,
  target: AnalyticsRecorder,
): AnalyticsRecorder {
  return {
    record(event) {
      if (consent() === 'granted') target.record(event);
    },
  };
}

export const silentRecorder: AnalyticsRecorder = { record: () => undefined };

/** The part of the Firebase Analytics SDK the app uses, once loaded. */
export interface AnalyticsService {
  log(name: string, params: Record<string, string | number>): void;
  setEnabled(enabled: boolean): void;
}

/** GA takes strings and numbers: lists become comma-separated, flags 'true'/'false', null is left out. */
export function serviceParams(
  params: Readonly<Record<string, AnalyticsValue>>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null) continue;
    if (typeof value === 'number' || typeof value === 'string') out[key] = value;
    else if (typeof value === 'boolean') out[key] = String(value);
    else out[key] = value.join(',');
  }
  return out;
}

export interface ServiceRecorder extends AnalyticsRecorder {
  /** Loads the service (after consent), so the page view of this visit is counted. */
  start(): void;
  /** Consent withdrawn: collection stops, whatever was waiting is dropped. */
  stop(): void;
}

/**
 * A recorder for a service loaded on demand (`load` downloads the SDK; it resolves null where the
 * browser cannot run it). Events recorded while it loads wait and are sent in order.
 */
export function serviceRecorder(load: () => Promise<AnalyticsService | null>): ServiceRecorder {
  let service: Promise<AnalyticsService | null> | null = null;
  let enabled = true;
  let waiting: AnalyticsEvent[] = [];

  const flush = (loaded: AnalyticsService | null) => {
    const events = waiting;
    waiting = [];
    if (!loaded || !enabled) return;
    for (const event of events) loaded.log(event.name, serviceParams(event.params));
  };

  const start = () => {
    enabled = true;
    service ??= load().catch(() => null);
    void service.then((loaded) => {
      loaded?.setEnabled(true);
      flush(loaded);
    });
  };

  return {
    start,
    stop() {
      enabled = false;
      waiting = [];
      void service?.then((loaded) => loaded?.setEnabled(false));
    },
    record(event) {
      waiting.push(event);
      start();
    },
  };
}
