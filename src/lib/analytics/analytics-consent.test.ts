import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCAL_EVENTS_KEY,
  localEvents,
  localRecorder,
  recordEvent,
  setAnalyticsRecorder,
  type AnalyticsEvent,
} from '@/lib/analytics/analytics';
import {
  CONSENT_KEY,
  analyticsConsent,
  onConsentChange,
  parseConsent,
  readConsent,
  reviewAnalyticsConsent,
  setAnalyticsConsent,
  useConsentStore,
} from '@/lib/analytics/consent';
import {
  gameCreatedEvent,
  gamePlayedEvent,
  sessionRunEvent,
  signUpEvent,
  track,
} from '@/lib/analytics/events';
import {
  analyticsTarget,
  consentGatedRecorder,
  serviceParams,
  serviceRecorder,
  type AnalyticsService,
} from '@/lib/analytics/recorders';
import { readConfig } from '@/lib/config';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const EVENT: AnalyticsEvent = { name: 'sign_up', params: { method: 'password' } };

afterEach(() => {
  useConsentStore.setState({ choice: null, reviewing: false });
});

describe('the consent answer', () => {
  it('is remembered per browser and read back as untrusted', () => {
    const store = memoryStorage();
    expect(readConsent(store)).toBeNull();
    setAnalyticsConsent('granted', store, 1000);
    expect(JSON.parse(store.items.get(CONSENT_KEY) ?? '')).toEqual({
      choice: 'granted',
      decidedAt: 1000,
    });
    expect(readConsent(store)).toBe('granted');
    expect(analyticsConsent()).toBe('granted');
    for (const raw of ['yes', '{"choice":"maybe"}', '["granted"]', 'null', '{']) {
      expect(parseConsent(raw)).toBeNull();
    }
  });

  it('can be reviewed and changed, and listeners hear each change once', () => {
    const heard: (string | null)[] = [];
    const stop = onConsentChange((choice) => heard.push(choice));
    setAnalyticsConsent('granted', memoryStorage());
    reviewAnalyticsConsent();
    expect(useConsentStore.getState().reviewing).toBe(true);
    setAnalyticsConsent('denied', memoryStorage());
    expect(useConsentStore.getState()).toEqual({ choice: 'denied', reviewing: false });
    stop();
    setAnalyticsConsent('granted', memoryStorage());
    expect(heard).toEqual(['granted', 'denied']);
  });

  it('a storage that throws keeps the answer for this page', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readConsent(broken)).toBeNull();
    setAnalyticsConsent('granted', broken);
    expect(analyticsConsent()).toBe('granted');
  });
});

describe('nothing is recorded before consent', () => {
  it('the gate passes events only while the answer is granted', () => {
    const store = memoryStorage();
    setAnalyticsRecorder(consentGatedRecorder(analyticsConsent, localRecorder(store)));
    recordEvent(EVENT);
    expect(store.items.has(LOCAL_EVENTS_KEY)).toBe(false);
    setAnalyticsConsent('denied', memoryStorage());
    recordEvent(EVENT);
    expect(localEvents(store)).toEqual([]);
    setAnalyticsConsent('granted', memoryStorage());
    track(gameCreatedEvent('beergame', 'editor'));
    expect(localEvents(store)).toEqual([
      { name: 'game_created', params: { game_type: 'beergame', origin: 'editor', count: 1 } },
    ]);
    // Withdrawn: nothing more.
    setAnalyticsConsent('denied', memoryStorage());
    track(signUpEvent('password'));
    expect(localEvents(store)).toHaveLength(1);
  });

  it('a recorder that throws never breaks the action that tracked', () => {
    setAnalyticsRecorder({
      record: () => {
        throw new Error('quota');
      },
    });
    expect(() => track(EVENT)).not.toThrow();
  });
});

describe('which service receives the events', () => {
  it('Firebase Analytics only in a production build with a measurement id and a real project', () => {
    const prod = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'sim-prod',
      VITE_FIREBASE_MEASUREMENT_ID: ' G-ABC123 ',
    });
    expect(prod.firebase.measurementId).toBe('G-ABC123');
    expect(
      analyticsTarget({
        production: true,
        measurementId: prod.firebase.measurementId,
        useEmulators: prod.useEmulators,
      }),
    ).toBe('firebase');
    expect(
      analyticsTarget({ production: false, measurementId: 'G-ABC123', useEmulators: false }),
    ).toBe('local');
    expect(
      analyticsTarget({ production: true, measurementId: 'G-ABC123', useEmulators: true }),
    ).toBe('local');
    expect(
      analyticsTarget({ production: true, measurementId: undefined, useEmulators: false }),
    ).toBe('none');
    expect(readConfig({}).firebase.measurementId).toBeUndefined();
  });

  it('the service is loaded on the first event; events wait for it and go in order', async () => {
    const logged: [string, Record<string, string | number>][] = [];
    const enabled: boolean[] = [];
    let loads = 0;
    let release: (service: AnalyticsService) => void = () => undefined;
    const recorder = serviceRecorder(() => {
      loads += 1;
      return new Promise((resolve) => {
        release = resolve;
      });
    });
    expect(loads).toBe(0);
    recorder.record(signUpEvent('password'));
    recorder.record(sessionRunEvent('leangame', 2, 3));
    expect(loads).toBe(1);
    release({
      log: (name, params) => logged.push([name, params]),
      setEnabled: (on) => enabled.push(on),
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(logged).toEqual([
      ['sign_up', { method: 'password' }],
      ['session_run', { game_type: 'leangame', round: 2, teams: 3 }],
    ]);
    recorder.stop();
    recorder.record(gamePlayedEvent('beergame', true));
    recorder.stop();
    await Promise.resolve();
    await Promise.resolve();
    expect(logged).toHaveLength(2);
    expect(enabled).toContain(false);
    expect(loads).toBe(1);
  });

  it('a browser that cannot run the service loses the events quietly', async () => {
    const recorder = serviceRecorder(() => Promise.reject(new Error('blocked by an extension')));
    expect(() => recorder.record(EVENT)).not.toThrow();
    await Promise.resolve();
  });

  it('parameters go as strings and numbers', () => {
    expect(serviceParams({ a: 1, b: 'x', c: true, d: null, e: ['beergame', 'leangame'] })).toEqual({
      a: 1,
      b: 'x',
      c: 'true',
      e: 'beergame,leangame',
    });
  });
});

describe('the product events', () => {
  it('carry no personal data and bounded numbers', () => {
    expect(signUpEvent('password')).toEqual({ name: 'sign_up', params: { method: 'password' } });
    expect(gameCreatedEvent('beergame', 'copy', 500).params).toEqual({
      game_type: 'beergame',
      origin: 'copy',
      count: 200,
    });
    expect(gameCreatedEvent('<script>', 'template').params['game_type']).toBe('other');
    expect(gamePlayedEvent('leangame', false)).toEqual({
      name: 'game_played',
      params: { game_type: 'leangame', in_session: false },
    });
    // The demo says where its game came from; a game joined from its intro page does not.
    expect(gamePlayedEvent('beergame', false, 'demo')).toEqual({
      name: 'game_played',
      params: { game_type: 'beergame', in_session: false, origin: 'demo' },
    });
    expect(sessionRunEvent('beergame', 1e9, -4).params).toEqual({
      game_type: 'beergame',
      round: 100,
      teams: 0,
    });
  });
});
