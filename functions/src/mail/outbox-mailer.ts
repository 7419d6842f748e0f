/**
 * The local adapter of the `Mailer` port: each message becomes a `mailOutbox/{id}` document,
 * which nobody but the backend reads (the end-to-end tests read the invitation link from it with
 * the service credential). `providers.ts` refuses it outside the emulator and tests.
 */
import type { DataPort } from '@sim/core/port/data-port';
import type { MailMessage, Mailer } from './mailer';

export const OUTBOX_COLLECTION = 'mailOutbox';

export function createOutboxMailer(port: () => DataPort, now: () => number): Mailer {
  return {
    async send(message: MailMessage): Promise<void> {
      await port().docs.add(OUTBOX_COLLECTION, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        created_at: now(),
      });
    },
  };
}
