/**
 * Product analytics events (spec §7: "events go to analytics"), behind one recorder interface so
 * the service that receives them is chosen in one place. Until a service is configured, the local
 * recorder keeps this tab's events in session storage, where the end-to-end tests read them.
 */
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

export type AnalyticsValue = string | number | boolean | null | readonly (string | number)[];

export interface AnalyticsEvent {
  /** The event's name, e.g. 'purchase'. */
  readonly name: string;
  readonly params: Readonly<Record<string, AnalyticsValue>>;
}

export interface AnalyticsRecorder {
  record(event: AnalyticsEvent): void;
}

/** Where the local recorder keeps the events of this tab. */
export const LOCAL_EVENTS_KEY = 'simgames.analytics.events';

/** The local recorder keeps the latest events only. */
export const LOCAL_EVENTS_MAX = 100;

/** The events the local recorder kept in `storage` (none when unreadable). */
export function localEvents(storage: KeyValueStorage | null): AnalyticsEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LOCAL_EVENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as AnalyticsEvent[]) : [];
  } catch {
    return [];
  }
}

/** A recorder that appends to `storage` (this tab's session storage in the browser). */
export function localRecorder(storage: KeyValueStorage | null): AnalyticsRecorder {
  return {
    record(event) {
      const events = [...localEvents(storage), event].slice(-LOCAL_EVENTS_MAX);
      try {
        storage?.setItem(LOCAL_EVENTS_KEY, JSON.stringify(events));
      } catch {
        // Storage full or blocked: an event lost is better than a broken page.
      }
    },
  };
}

/** This tab's session storage, or null where reaching it throws (a blocked site). */
export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

let recorder: AnalyticsRecorder | null = null;

/** Replaces the recorder (a real analytics service, or a test's). */
export function setAnalyticsRecorder(next: AnalyticsRecorder): void {
  recorder = next;
}

/** Sends one event to the configured recorder (the local one by default). */
export function recordEvent(event: AnalyticsEvent): void {
  recorder ??= localRecorder(sessionStore());
  recorder.record(event);
}
