/**
 * The SMTP adapter against a minimal SMTP server on loopback: what nodemailer puts on the wire
 * is what a real server would receive.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Speaks just enough SMTP (no TLS, no auth); `refuse` answers RCPT TO with 550. */
function fakeSmtpServer(
  refuse = false,
): Promise<{ server: Server; port: number; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          got.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write(refuse ? '550 No such user\r\n' : '250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 Go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.address() as { port: number }).port, got });
    });
  });
}

let running: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (running ? running.close(resolve) : resolve(undefined)));
  running = undefined;
});

describe('createSmtpMailer', () => {
  it('delivers the message to the SMTP server, from the configured sender', async () => {
    const smtp = await fakeSmtpServer();
    running = smtp.server;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`,
      from: 'Simgames <no-reply@example.com>',
    });
    await mailer.send({
      to: 'bob@example.com',
      subject: 'Join the team',
      text: 'Open https://app.example.com/dashboard/intro?joinTeam=t1',
      html: '<p>Open the link</p>',
    });
    expect(smtp.got).toHaveLength(1);
    const [mail] = smtp.got;
    expect(mail?.from).toContain('<no-reply@example.com>');
    expect(mail?.to).toEqual(['RCPT TO:<bob@example.com>']);
    expect(mail?.data).toMatch(/^Subject: Join the team$/m);
    expect(mail?.data).toContain('joinTeam=t1');
    expect(mail?.data).toContain('text/html');
  });

  it('rejects when the server refuses the recipient', async () => {
    const smtp = await fakeSmtpServer(true);
    running = smtp.server;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`,
      from: 'no-reply@example.com',
    });
    await expect(
      mailer.send({ to: 'nobody@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
    expect(smtp.got).toHaveLength(0);
  });
});
