/**
 * Start-up of analytics: puts the consent gate and the build's recorder behind `recordEvent`, and
 * follows the visitor's answer. The Firebase Analytics SDK is downloaded only after consent, in a
 * production build with a measurement id: a player's first page never carries it.
 */
import {
  localRecorder,
  sessionStore,
  setAnalyticsRecorder,
  type AnalyticsRecorder,
} from '@/lib/analytics/analytics';
import { analyticsConsent, onConsentChange } from '@/lib/analytics/consent';
import {
  analyticsTarget,
  consentGatedRecorder,
  serviceRecorder,
  silentRecorder,
  type AnalyticsService,
  type ServiceRecorder,
} from '@/lib/analytics/recorders';
import { forgetCampaign } from '@/lib/attribution/attribution';
import { config } from '@/lib/config';

async function loadFirebaseAnalytics(): Promise<AnalyticsService | null> {
  // The Firebase app module (with Auth) loads here, not with the entry.
  const [sdk, { getFirebaseApp }] = await Promise.all([
    import('firebase/analytics'),
    import('@/lib/firebase/app'),
  ]);
  if (!(await sdk.isSupported())) return null;
  // Measurement only: no advertising storage or signals, whatever the property's defaults.
  sdk.setConsent({
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  const analytics = sdk.initializeAnalytics(getFirebaseApp());
  return {
    log: (name, params) => sdk.logEvent(analytics, name, params),
    setEnabled: (enabled) => sdk.setAnalyticsCollectionEnabled(analytics, enabled),
  };
}

/** Google Analytics' cookies on this site (`_ga`, `_ga_<id>`), removed when consent is withdrawn. */
function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name === '_ga' || name.startsWith('_ga_'));
  const host = window.location.hostname;
  // GA sets them on the widest domain it can; try each level of the host name.
  const domains = host.split('.').map((_, i, parts) => parts.slice(i).join('.'));
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/; domain=${domain}`;
    }
  }
}

let installed = false;

/** Called once at start-up, before anything records an event. */
export function installAnalytics(): void {
  if (installed) return;
  installed = true;
  const target = analyticsTarget({
    production: import.meta.env.PROD,
    measurementId: config.firebase.measurementId,
    useEmulators: config.useEmulators,
  });
  let service: ServiceRecorder | null = null;
  let sink: AnalyticsRecorder = silentRecorder;
  if (target === 'firebase') {
    service = serviceRecorder(loadFirebaseAnalytics);
    sink = service;
  } else if (target === 'local') {
    sink = localRecorder(sessionStore());
  }
  setAnalyticsRecorder(consentGatedRecorder(analyticsConsent, sink));
  // A returning visitor who accepted before: this visit's page view is counted.
  if (analyticsConsent() === 'granted') service?.start();
  onConsentChange((choice) => {
    if (choice === 'granted') {
      service?.start();
      return;
    }
    service?.stop();
    if (choice === 'denied') {
      forgetCampaign();
      if (target === 'firebase') removeAnalyticsCookies();
    }
  });
}
