/**
 * Which `Mailer` adapter this instance uses, read once from the environment (like the data
 * backend in `data/port.ts`):
 * - `MAIL_PROVIDER`: 'smtp' or 'outbox'. Default: 'outbox' inside the Functions emulator
 *   (`FUNCTIONS_EMULATOR=true`), 'smtp' anywhere else.
 * - 'outbox' is refused unless the emulator or `NODE_ENV=test` is set, so production can never
 *   silently keep its invitations in a collection nobody reads.
 * - 'smtp' reads the secrets `SMTP_URL` and `MAIL_FROM`; a missing one fails the first send
 *   with a clear error (the callable then answers `internal`), not the whole instance.
 */
import type { DataPort } from '@sim/core/port/data-port';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The secrets the SMTP adapter reads (bound to the callables that send mail). */
export const MAIL_SECRETS = ['SMTP_URL', 'MAIL_FROM'] as const;

export type MailConfig =
  | { readonly provider: 'outbox' }
  | {
      readonly provider: 'smtp';
      readonly url: string | undefined;
      readonly from: string | undefined;
    };

type Env = Readonly<Record<string, string | undefined>>;

/** Whether fakes may run: the Functions emulator or the test runner. */
export function fakesAllowed(env: Env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true' || env.NODE_ENV === 'test';
}

/** Pure: the adapter choice from an environment; throws when it is not allowed here. */
export function readMailConfig(env: Env): MailConfig {
  const requested = env.MAIL_PROVIDER?.trim().toLowerCase() || undefined;
  if (requested !== undefined && requested !== 'smtp' && requested !== 'outbox') {
    throw new Error(`MAIL_PROVIDER must be 'smtp' or 'outbox', not '${env.MAIL_PROVIDER}'`);
  }
  const provider = requested ?? (env.FUNCTIONS_EMULATOR === 'true' ? 'outbox' : 'smtp');
  if (provider === 'outbox') {
    if (!fakesAllowed(env)) {
      throw new Error(
        "MAIL_PROVIDER 'outbox' keeps mail in a collection and runs only in the Functions " +
          'emulator or under tests; production sends with SMTP.',
      );
    }
    return { provider };
  }
  return {
    provider,
    url: env.SMTP_URL?.trim() || undefined,
    from: env.MAIL_FROM?.trim() || undefined,
  };
}

/** The adapter for a configuration; the outbox writes through `port`. */
export function createMailer(config: MailConfig, port: () => DataPort, now: () => number): Mailer {
  if (config.provider === 'outbox') return createOutboxMailer(port, now);
  const { url, from } = config;
  if (!url || !from) {
    const missing = MAIL_SECRETS.filter((name) => !(name === 'SMTP_URL' ? url : from));
    return {
      send: () =>
        Promise.reject(new Error(`Mail is not configured: ${missing.join(', ')} missing`)),
    };
  }
  return createSmtpMailer({ url, from });
}

/**
 * A mailer that reads its configuration on first use, so loading the functions needs none and a
 * wrong one fails the sending call, with its reason in the log.
 */
export function lazyMailer(env: () => Env, port: () => DataPort, now: () => number): Mailer {
  let mailer: Mailer | undefined;
  return {
    send(message) {
      try {
        mailer ??= createMailer(readMailConfig(env()), port, now);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      return mailer.send(message);
    },
  };
}
