import { describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import { createMailer, lazyMailer, readMailConfig } from './providers';

const noPort = (): DataPort => {
  throw new Error('the port is not used here');
};

describe('readMailConfig', () => {
  it('keeps mail in the outbox inside the Functions emulator', () => {
    expect(readMailConfig({ FUNCTIONS_EMULATOR: 'true' })).toEqual({ provider: 'outbox' });
  });

  it('sends with SMTP in production, with the secrets it finds', () => {
    expect(readMailConfig({})).toEqual({ provider: 'smtp', url: undefined, from: undefined });
    expect(
      readMailConfig({ SMTP_URL: ' smtps://u:p@mail.example.com ', MAIL_FROM: 'a@example.com' }),
    ).toEqual({ provider: 'smtp', url: 'smtps://u:p@mail.example.com', from: 'a@example.com' });
  });

  it('refuses the outbox in production', () => {
    expect(() => readMailConfig({ MAIL_PROVIDER: 'outbox' })).toThrow(/emulator/);
    expect(() => readMailConfig({ MAIL_PROVIDER: 'outbox', FUNCTIONS_EMULATOR: 'false' })).toThrow(
      /emulator/,
    );
    expect(readMailConfig({ MAIL_PROVIDER: 'outbox', NODE_ENV: 'test' })).toEqual({
      provider: 'outbox',
    });
  });

  it('lets MAIL_PROVIDER choose SMTP in the emulator, and refuses unknown providers', () => {
    expect(readMailConfig({ FUNCTIONS_EMULATOR: 'true', MAIL_PROVIDER: 'SMTP' })).toMatchObject({
      provider: 'smtp',
    });
    expect(() => readMailConfig({ MAIL_PROVIDER: 'sendgrid' })).toThrow(/MAIL_PROVIDER/);
  });
});

describe('createMailer', () => {
  it('fails the send, naming the missing secrets, when SMTP is not configured', async () => {
    const mailer = createMailer(
      { provider: 'smtp', url: undefined, from: 'a@example.com' },
      noPort,
      Date.now,
    );
    await expect(mailer.send({ to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /SMTP_URL/,
    );
  });
});

describe('lazyMailer', () => {
  it('reads the configuration on first send, so a refused one fails that send only', async () => {
    let reads = 0;
    const mailer = lazyMailer(
      () => {
        reads++;
        return { MAIL_PROVIDER: 'outbox' };
      },
      noPort,
      Date.now,
    );
    expect(reads).toBe(0);
    await expect(mailer.send({ to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /emulator/,
    );
    expect(reads).toBe(1);
  });
});
