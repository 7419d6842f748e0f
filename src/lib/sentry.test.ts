/**
 * Error reporting (spec §8): the shared error state reports exceptions to Sentry only when a DSN
 * is configured, and shows their message without the 'Firebase: ' prefix. The Sentry SDK is a
 * test double here; the configuration is the real one with the DSN under the test's control.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '@/lib/config';

const sdk = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
const build = vi.hoisted(() => ({ sentryDsn: undefined as string | undefined }));

vi.mock('@sentry/react', () => sdk);
vi.mock('@/lib/config', async (importOriginal) => {
  const real = await importOriginal<typeof ConfigModule>();
  return {
    ...real,
    config: {
      ...real.config,
      get sentryDsn() {
        return build.sentryDsn;
      },
    },
  };
});

const DSN = 'https://public-key@o1.ingest.sentry.io/42';

/** Time for the SDK's dynamic import and the report that waits for it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Fresh modules, as on a page load with the build's DSN (or none). */
async function startApp(dsn: string | undefined) {
  build.sentryDsn = dsn;
  vi.resetModules();
  const sentry = await import('@/lib/sentry');
  const store = await import('@/lib/errors/error-store');
  sentry.initSentry();
  return store;
}

beforeEach(() => {
  sdk.init.mockClear();
  sdk.captureException.mockClear();
});

afterEach(() => {
  build.sentryDsn = undefined;
});

describe('error reporting with a DSN', () => {
  it('loads the SDK with the DSN and reports the exception as thrown', async () => {
    const { showError, useErrorStore } = await startApp(DSN);
    const error = new Error('Firebase: Error (auth/network-request-failed).');
    showError(error);
    await settle();

    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: DSN }));
    expect(sdk.captureException).toHaveBeenCalledTimes(1);
    expect(sdk.captureException).toHaveBeenCalledWith(error);
    // The user reads the message without the prefix; the report keeps the original.
    expect(useErrorStore.getState().error?.message).toBe('Error (auth/network-request-failed).');
  });

  it('reports an error shown before the SDK finished loading', async () => {
    const { showError } = await startApp(DSN);
    // No await between start-up and the error: the SDK is still being imported.
    const error = new Error('Firebase: early');
    showError(error);
    expect(sdk.captureException).not.toHaveBeenCalled();
    await settle();
    expect(sdk.captureException).toHaveBeenCalledWith(error);
  });

  it('does not report translated texts or errors shown with report: false', async () => {
    const { showError, useErrorStore } = await startApp(DSN);
    showError('Firebase: Incorrect VAT number');
    expect(useErrorStore.getState().error?.message).toBe('Incorrect VAT number');
    showError(new Error('Firebase: refused'), { report: false });
    expect(useErrorStore.getState().error?.message).toBe('refused');
    await settle();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });
});

describe('error reporting without a DSN', () => {
  it('never loads the SDK nor reports, and still shows the message without the prefix', async () => {
    const { showError, useErrorStore } = await startApp(undefined);
    showError(new Error('Firebase: Error (auth/network-request-failed).'));
    showError({ code: 'permission-denied', message: 'Firebase: Missing or insufficient rights.' });
    await settle();

    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
    expect(useErrorStore.getState().error?.message).toBe('Missing or insufficient rights.');
  });

  it('treats a blank DSN as none', async () => {
    const { showError } = await startApp('');
    showError(new Error('boom'));
    await settle();
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });
});
