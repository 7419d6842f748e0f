/**
 * The visitor's answer to the consent banner: whether usage analytics may be recorded (and the
 * campaign that brought them stored with their profile). Remembered per browser; until it is
 * answered nothing is recorded. The answer can be changed at any time (home page footer,
 * dashboard settings), and every listener hears the change at once.
 */
import { create } from 'zustand';
import { browserStorage, type KeyValueStorage } from '@/lib/storage/key-value-storage';

export type ConsentChoice = 'granted' | 'denied';

/** Where the answer is remembered. */
export const CONSENT_KEY = 'simgames.analyticsConsent';

/** The remembered answer, or null when there is none (or it is not one this app wrote). */
export function parseConsent(raw: string | null): ConsentChoice | null {
  if (raw === null) return null;
  try {
    const data: unknown = JSON.parse(raw);
    const choice =
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? (data as Record<string, unknown>)['choice']
        : undefined;
    return choice === 'granted' || choice === 'denied' ? choice : null;
  } catch {
    return null;
  }
}

export function readConsent(storage: KeyValueStorage | null): ConsentChoice | null {
  try {
    return parseConsent(storage?.getItem(CONSENT_KEY) ?? null);
  } catch {
    return null;
  }
}

function writeConsent(storage: KeyValueStorage | null, choice: ConsentChoice, now: number): void {
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify({ choice, decidedAt: now }));
  } catch {
    // Storage blocked: the answer holds for this page only and the banner asks again next time.
  }
}

interface ConsentState {
  /** null: not answered yet (the banner shows). */
  readonly choice: ConsentChoice | null;
  /** The banner was reopened from the footer or the settings to change the answer. */
  readonly reviewing: boolean;
}

export const useConsentStore = create<ConsentState>()(() => ({
  choice: readConsent(browserStorage()),
  reviewing: false,
}));

/** The current answer (null before the visitor answered). */
export function analyticsConsent(): ConsentChoice | null {
  return useConsentStore.getState().choice;
}

/** Records the visitor's answer, remembers it in this browser and closes the banner. */
export function setAnalyticsConsent(
  choice: ConsentChoice,
  storage: KeyValueStorage | null = browserStorage(),
  now = Date.now(),
): void {
  writeConsent(storage, choice, now);
  useConsentStore.setState({ choice, reviewing: false });
}

/** Opens the banner again so the visitor can change the answer. */
export function reviewAnalyticsConsent(): void {
  useConsentStore.setState({ reviewing: true });
}

/** Calls `listener` with every new answer; returns the unsubscribe function. */
export function onConsentChange(listener: (choice: ConsentChoice | null) => void): () => void {
  return useConsentStore.subscribe((state, previous) => {
    if (state.choice !== previous.choice) listener(state.choice);
  });
}
