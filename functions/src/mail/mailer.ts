/**
 * The email boundary (business.md §3.5): handlers send mail only through a `Mailer`, so the
 * local stack and the tests can keep what would have been sent (`outbox-mailer.ts`) while
 * production hands it to an SMTP server (`smtp-mailer.ts`). `providers.ts` picks one.
 */

export interface MailMessage {
  /** One recipient address. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(message: MailMessage): Promise<void>;
}
