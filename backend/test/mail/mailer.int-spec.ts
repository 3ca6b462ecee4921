import { Logger } from '@nestjs/common';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '../../src/config/app-config';
import { createMailer } from '../../src/shared/mail/mail.module';
import { MAILER, type Mailer } from '../../src/shared/mail/mailer.port';
import { OutboxMailer } from '../../src/shared/mail/outbox-mailer.adapter';
import { SmtpMailer } from '../../src/shared/mail/smtp-mailer.adapter';
import { readOutbox } from '../support/outbox';
import { startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server';
import { createTestApp, type TestApp } from '../support/test-app';

/** D24: the mailer port's two adapters and the module's choice between them. */
const message = {
  to: 'ann@example.com',
  subject: 'Verify your e-mail',
  text: 'Welcome to Magic Editor!\n\nOpen http://localhost:3000/confirm-email/abc123 to verify.',
  html: '<p>Welcome to Magic Editor!</p><p><a href="http://localhost:3000/confirm-email/abc123">Verify</a></p>',
};

// The adapters made outside an app would log to the console; keep the test output quiet.
beforeAll(() => Logger.overrideLogger(false));

describe('SMTP mailer (nodemailer) against a real SMTP server', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());

  it('delivers from/to/subject/text/html as given', async () => {
    const mailer = new SmtpMailer({ url: smtp.url, from: 'Magic Editor <no-reply@magic.test>' });
    try {
      await mailer.send(message);
    } finally {
      mailer.onModuleDestroy();
    }
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelope).toEqual({ from: 'no-reply@magic.test', to: ['ann@example.com'] });
    expect(mail.parsed.from?.value).toEqual([{ address: 'no-reply@magic.test', name: 'Magic Editor' }]);
    const to = Array.isArray(mail.parsed.to) ? mail.parsed.to[0] : mail.parsed.to;
    expect(to?.value).toEqual([{ address: 'ann@example.com', name: '' }]);
    expect(mail.parsed.subject).toBe('Verify your e-mail');
    expect(mail.parsed.text?.trim()).toBe(message.text);
    expect(mail.parsed.html).toContain('<a href="http://localhost:3000/confirm-email/abc123">Verify</a>');
  });

  it('turns a refused delivery into an `unavailable` DomainError', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'x@magic.test' });
    try {
      await expect(mailer.send(message)).rejects.toMatchObject({ kind: 'unavailable', code: 'MAIL.UNAVAILABLE' });
    } finally {
      mailer.onModuleDestroy();
    }
  });
});

describe('outbox mailer (zero-config default)', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'me-outbox-test-')), 'not-yet-there');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('writes one owner-only JSON file per message that readOutbox returns, creating the folder', async () => {
    const mailer = new OutboxMailer({ dir, from: 'Magic Editor <no-reply@magic.test>', logText: false });
    await mailer.send(message);
    await mailer.send({ to: 'bob@example.com', subject: 'Password changed', text: 'Your password was changed.' });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f).toMatch(/^\d{13}-[0-9a-f]+\.json$/);
      expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    }
    const entries = readOutbox(dir);
    expect(entries).toHaveLength(2);
    const ann = entries.find((e) => e.to === 'ann@example.com');
    expect(ann).toEqual({ ...message, from: 'Magic Editor <no-reply@magic.test>', sentAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(ann!.sentAt))).toBe(false);
    expect(entries.find((e) => e.to === 'bob@example.com')).not.toHaveProperty('html');
  });

  it('never shows a reader a message half written: every *.json file is whole while many are being sent', async () => {
    const mailer = new OutboxMailer({ dir, from: 'x@magic.test', logText: false });
    const long = { ...message, text: 'x'.repeat(2_000_000) };
    let reads = 0;
    let sending = true;
    const sent = Promise.all(Array.from({ length: 20 }, () => mailer.send(long))).finally(() => {
      sending = false;
    });
    // Read the outbox over and over while the messages are written (JSON.parse throws on a partial file).
    while (sending) {
      for (const entry of readOutbox(dir)) expect(entry.text).toHaveLength(2_000_000);
      reads += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sent;
    expect(reads).toBeGreaterThan(1);
    expect(readOutbox(dir)).toHaveLength(20);
    expect(fs.readdirSync(dir).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });

  it('logs to, subject and file, and the text only when asked (never in production)', async () => {
    const log = jest.spyOn(Logger.prototype, 'log');
    try {
      await new OutboxMailer({ dir, from: 'x@magic.test', logText: true }).send(message);
      await new OutboxMailer({ dir, from: 'x@magic.test', logText: false }).send(message);
      const [withText, withoutText] = log.mock.calls.map((c) => String(c[0]));
      expect(withText).toMatch(/^Mail to ann@example\.com "Verify your e-mail" written to .+\.json\n/);
      expect(withText).toContain('http://localhost:3000/confirm-email/abc123');
      expect(withoutText).toMatch(/^Mail to ann@example\.com "Verify your e-mail" written to .+\.json$/);
    } finally {
      log.mockRestore();
    }
  });
});

describe('MailModule chooses the adapter from config', () => {
  it('picks the outbox when SMTP_URL is unset, and the app delivers into MAIL_OUTBOX_DIR', async () => {
    const t: TestApp = await createTestApp();
    try {
      const mailer = t.app.get<Mailer>(MAILER);
      expect(mailer).toBeInstanceOf(OutboxMailer);
      await mailer.send(message);
      expect(readOutbox(t.outboxDir)).toEqual([expect.objectContaining({ to: message.to, subject: message.subject, text: message.text })]);
    } finally {
      await t.close();
    }
  });

  it('picks SMTP when SMTP_URL is set, and the app delivers to that server (nothing in the outbox)', async () => {
    const smtp = await startSmtpTestServer();
    const t: TestApp = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Magic Editor <hello@magic.test>' } });
    try {
      const mailer = t.app.get<Mailer>(MAILER);
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send(message);
      const [mail] = await smtp.waitFor(1);
      expect(mail.parsed.subject).toBe(message.subject);
      expect(mail.envelope.from).toBe('hello@magic.test');
      expect(readOutbox(t.outboxDir)).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('warns loudly in production without SMTP and never logs the text there', () => {
    const logs: Array<[string, string]> = [];
    const logger = {
      log: (m: string) => logs.push(['log', m]),
      warn: (m: string) => logs.push(['warn', m]),
    } as unknown as import('@nestjs/common').Logger;
    const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/x', LOCAL_CHECKOUT_IN_PRODUCTION: 'true', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true' });
    const mailer = createMailer(production, logger);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    expect(logs).toEqual([['warn', expect.stringMatching(/NO SMTP_URL IN PRODUCTION/)]]);
    expect((mailer as unknown as { options: { logText: boolean } }).options.logText).toBe(false);

    logs.length = 0;
    const withSmtp = createMailer(loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example.com:2525' }), logger);
    expect(withSmtp).toBeInstanceOf(SmtpMailer);
    expect(logs).toEqual([['log', 'Mailer: SMTP at smtp://mail.example.com:2525, from Magic Editor <no-reply@magic-editor.local>']]);
    (withSmtp as SmtpMailer).onModuleDestroy();
  });
});
