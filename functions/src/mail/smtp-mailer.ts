/**
 * The production adapter of the `Mailer` port: SMTP through nodemailer. The connection URL
 * (`smtps://user:password@host:465`, credentials URL-encoded) and the sender address come from
 * secrets (see `providers.ts`); nodemailer is loaded only when a message is sent.
 */
import type { MailMessage, Mailer } from './mailer';

export interface SmtpConfig {
  /** nodemailer connection URL: `smtp://` (STARTTLS) or `smtps://` (TLS), with credentials. */
  readonly url: string;
  /** The From header, e.g. `Simgames <no-reply@example.com>`. */
  readonly from: string;
}

/** A server that stalls must not hold the callable until its own deadline (60 s). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

interface SmtpTransport {
  sendMail(message: Record<string, unknown>): Promise<{ rejected?: unknown[] }>;
}

export function createSmtpMailer(config: SmtpConfig): Mailer {
  let transport: Promise<SmtpTransport> | undefined;
  const transporter = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: config.url, ...SMTP_TIMEOUTS }),
    );
    return transport;
  };
  return {
    async send(message: MailMessage): Promise<void> {
      const info = await (
        await transporter()
      ).sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      if (Array.isArray(info.rejected) && info.rejected.length > 0) {
        throw new Error('The SMTP server refused the recipient');
      }
    },
  };
}
