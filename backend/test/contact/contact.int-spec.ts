import type { AddressObject } from 'mailparser';
import request from 'supertest';
import { DeliverContactMessagesJob } from '../../src/modules/support/application/deliver-contact-messages.job';
import { IntervalJobs } from '../../src/shared/jobs/interval-jobs';
import { signUpBody, sql } from '../identity/identity-helpers';
import { readOutbox } from '../support/outbox';
import { type ReceivedMail, startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server';
import { createTestApp, type TestApp } from '../support/test-app';

const SUPPORT = 'help@magic.example';

interface StoredRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  ip_address: string;
  mailed_at: Date | null;
  mail_attempts: number;
  next_mail_at: Date | null;
}

let counter = 0;
/** A fresh, valid contact form body. */
function contactBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Ann Baker ${counter}`,
    email: `ann${counter}.${Date.now()}@example.com`,
    subject: `Question ${counter} about my plan`,
    message: `Hello,\n\nmy credits did not arrive (${counter}).\n\nThanks`,
    ...overrides,
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** D34: the contact form, stored and mailed over SMTP to support with reply-to the sender. */
describe('POST /api/contact (D34)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let nextIp = 10;
  /** A client address of its own for each test (the proxy's X-Forwarded-For is trusted here). */
  const freshIp = () => `198.51.100.${(nextIp += 1)}`;
  const send = (body: Record<string, unknown>, ip = freshIp()) => request(t.http).post('/api/contact').set('X-Forwarded-For', ip).send(body);
  const rowsFrom = (email: string) => sql<StoredRow>(t, `SELECT * FROM "contact_message" WHERE "email" = $1 ORDER BY "id"`, [email]);
  const countRows = async () => (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM "contact_message"`))[0].n;
  /** The mails that reached support for a sender (found by reply-to). */
  const supportMailsFrom = (email: string): ReceivedMail[] =>
    smtp.messages.filter((m) => m.envelope.to.includes(SUPPORT) && addresses(m.parsed.replyTo).includes(email));

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        SUPPORT_EMAIL: SUPPORT,
        TRUST_PROXY: 'true',
        REGISTRATIONS_PER_IP_PER_DAY: '1000',
        REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => smtp.refuseMail(false));

  it('stores the message (trimmed) and mails it to SUPPORT_EMAIL with reply-to the sender, and nothing to the sender', async () => {
    const body = contactBody();
    const ip = freshIp();
    const before = smtp.messages.length;
    const res = await send({ name: `  ${body.name} `, email: ` ${body.email}  `, subject: `${body.subject}\t`, message: `\n${body.message}\n  ` }, ip).expect(201);
    expect(res.body).toEqual({ message: 'Message sent' });

    const [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      user_id: null,
      ip_address: ip,
      mail_attempts: 1,
      next_mail_at: null,
    });
    expect(row.mailed_at).toBeInstanceOf(Date);

    // The mail was sent before the answer: it is here already.
    expect(smtp.messages.length).toBe(before + 1);
    const [mail] = supportMailsFrom(body.email);
    expect(mail.envelope.to).toEqual([SUPPORT]);
    expect(addresses(mail.parsed.to)).toEqual([SUPPORT]);
    expect(addresses(mail.parsed.replyTo)).toEqual([body.email]);
    expect(mail.parsed.subject).toBe(`[Contact] ${body.subject}`);
    for (const part of [body.name, body.email, body.subject, 'my credits did not arrive']) {
      expect(mail.parsed.text).toContain(part);
      expect(mail.parsed.html).toContain(part);
    }
    expect(smtp.messages.some((m) => m.envelope.to.includes(body.email))).toBe(false); // D34: no mail to the sender
  });

  it('records the account of a signed-in sender', async () => {
    const user = signUpBody();
    const agent = request.agent(t.http);
    const registered = await agent.post('/api/register').set('X-Forwarded-For', freshIp()).send(user).expect(201);
    const body = contactBody();
    await agent.post('/api/contact').set('X-Forwarded-For', freshIp()).send(body).expect(201);
    const [row] = await rowsFrom(body.email);
    expect(row.user_id).toBe(registered.body.id);
    expect(supportMailsFrom(body.email)[0].parsed.text).toContain(`signed in as account ${registered.body.id}`);
  });

  it('accepts every field at its longest', async () => {
    const body = contactBody({ name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000) });
    body.email = `${'e'.repeat(64)}@${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.example.com`.slice(0, 254);
    expect(body.email).toHaveLength(254);
    await send(body).expect(201);
    expect(await rowsFrom(body.email)).toHaveLength(1);
  });

  it.each([
    ['no body at all', 'Please enter your name', {}],
    ['a blank name', 'Please enter your name', { name: '   ' }],
    ['a name that is not text', 'Please enter your name', { name: 42 }],
    ['a name of 101 characters', 'Name must be at most 100 characters', { name: 'n'.repeat(101) }],
    ['no e-mail', 'Please enter your email', { email: undefined }],
    ['a blank e-mail', 'Please enter your email', { email: '  ' }],
    ['an e-mail without a domain', 'Please enter a valid email address', { email: 'ann@' }],
    ['an e-mail that is not one', 'Please enter a valid email address', { email: 'not an email' }],
    ['an e-mail of 255 characters', 'Email must be at most 254 characters', { email: `${'e'.repeat(64)}@${'d'.repeat(186)}.com` }],
    ['no subject', 'Please enter a subject', { subject: undefined }],
    ['a blank subject', 'Please enter a subject', { subject: ' \n ' }],
    ['a subject of 201 characters', 'Subject must be at most 200 characters', { subject: 's'.repeat(201) }],
    ['no message', 'Please enter a message', { message: undefined }],
    ['a blank message', 'Please enter a message', { message: '\n\n' }],
    ['a message of 5001 characters', 'Message must be at most 5000 characters', { message: 'm'.repeat(5001) }],
  ])('answers %s with 400 "%s", storing and mailing nothing', async (_what, message, overrides: Record<string, unknown>) => {
    const body = Object.keys(overrides).length === 0 ? {} : contactBody(overrides);
    const [rows, mails] = [await countRows(), smtp.messages.length];
    const res = await send(body).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION.FAILED' });
    expect(await countRows()).toBe(rows);
    expect(smtp.messages.length).toBe(mails);
  });

  it('refuses a field it does not know (400)', async () => {
    await send(contactBody({ phone: '555' })).expect(400);
  });

  it('answers a filled honeypot like a sent message, and stores, mails and counts nothing', async () => {
    const ip = freshIp();
    const [rows, mails] = [await countRows(), smtp.messages.length];
    for (let i = 0; i < 6; i += 1) {
      const res = await send(contactBody({ website: 'https://cheap-pills.example' }), ip).expect(201);
      expect(res.body).toEqual({ message: 'Message sent' });
    }
    expect(await countRows()).toBe(rows);
    expect(smtp.messages.length).toBe(mails);
    // An empty honeypot is what people send: a normal message (and the bot's six did not count).
    await send(contactBody({ website: '' }), ip).expect(201);
    expect(await countRows()).toBe(rows + 1);
  });

  it('takes 5 messages an hour from one address: the 6th is 429 and not stored; another address is fine', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) await send(contactBody(), ip).expect(201);
    const rows = await countRows();
    const mails = smtp.messages.length;
    const refused = await send(contactBody(), ip).expect(429);
    const text = 'You have sent 5 messages in the last hour. Please try again later.';
    expect(refused.body).toEqual({ message: text, error: text, code: 'SUPPORT.TOO_MANY_MESSAGES' });
    expect(await countRows()).toBe(rows);
    expect(smtp.messages.length).toBe(mails);
    await send(contactBody(), ip).expect(429);
    await send(contactBody(), freshIp()).expect(201);
  });

  it('keeps a message whose mail failed (still 201), and the delivery job mails it once it is due', async () => {
    const body = contactBody();
    smtp.refuseMail(true);
    const refusedBefore = smtp.refused;
    await send(body).expect(201);
    expect(smtp.refused).toBe(refusedBefore + 1);
    let [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({ mailed_at: null, mail_attempts: 1 });
    expect(row.next_mail_at!.getTime()).toBeGreaterThan(Date.now()); // retried in a few minutes, not at once

    smtp.refuseMail(false);
    const job = t.app.get(DeliverContactMessagesJob);
    const jobs = t.app.get(IntervalJobs);
    expect(await job.execute()).toBe(0); // not due yet
    expect(supportMailsFrom(body.email)).toHaveLength(0);

    await sql(t, `UPDATE "contact_message" SET "next_mail_at" = now() - interval '1 second' WHERE "id" = $1`, [row.id]);
    expect(await jobs.runOnce(job)).toBe('ran');
    const [mail] = supportMailsFrom(body.email);
    expect(addresses(mail.parsed.replyTo)).toEqual([body.email]);
    expect(mail.parsed.subject).toBe(`[Contact] ${body.subject}`);
    [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({ mail_attempts: 2, next_mail_at: null });
    expect(row.mailed_at).toBeInstanceOf(Date);

    // Mailed once: a further run sends nothing.
    expect(await job.execute()).toBe(0);
    expect(supportMailsFrom(body.email)).toHaveLength(1);
  });

  it('stops retrying a mail after the last attempt; the message stays stored', async () => {
    const body = contactBody();
    smtp.refuseMail(true);
    await send(body).expect(201);
    const [stored] = await rowsFrom(body.email);
    // Seven attempts have failed; the eighth is due.
    await sql(t, `UPDATE "contact_message" SET "mail_attempts" = 7, "next_mail_at" = now() WHERE "id" = $1`, [stored.id]);
    const job = t.app.get(DeliverContactMessagesJob);
    const refused = smtp.refused;
    expect(await job.execute()).toBe(0);
    expect(smtp.refused).toBe(refused + 1);
    const [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({ mailed_at: null, mail_attempts: 8, next_mail_at: null });

    smtp.refuseMail(false);
    await sql(t, `UPDATE "contact_message" SET "next_mail_at" = now() WHERE "id" = $1 AND "next_mail_at" IS NOT NULL`, [stored.id]);
    expect(await job.execute()).toBe(0);
    expect(smtp.refused).toBe(refused + 1);
    expect(supportMailsFrom(body.email)).toHaveLength(0);
  });

  it('escapes what the sender typed in the HTML part, and keeps it as typed in the text part', async () => {
    const body = contactBody({
      name: 'Mallory <b>Bold</b>',
      subject: 'Look "here" & <i>there</i>',
      message: '<script>alert("x")</script>\n<img src=x onerror=alert(1)>',
    });
    await send(body).expect(201);
    const [mail] = supportMailsFrom(body.email);
    const html = mail.parsed.html as string;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>Bold');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Mallory &lt;b&gt;Bold&lt;/b&gt;');
    expect(html).toContain('Look &quot;here&quot; &amp; &lt;i&gt;there&lt;/i&gt;');
    expect(mail.parsed.text).toContain('<script>alert("x")</script>');
  });

  it('puts a subject with line breaks on one line, so it cannot add a header or a recipient', async () => {
    const body = contactBody({ subject: 'Hello\r\nBcc: victim@example.com\r\nX-Injected: yes' });
    await send(body).expect(201);
    const [mail] = supportMailsFrom(body.email);
    expect(mail.parsed.subject).toBe('[Contact] Hello Bcc: victim@example.com X-Injected: yes');
    expect(mail.envelope.to).toEqual([SUPPORT]);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    expect(smtp.messages.some((m) => m.envelope.to.includes('victim@example.com'))).toBe(false);
  });
});

describe('POST /api/contact with the outbox mailer (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(() => t?.close());

  it('writes the mail to support with its reply-to into the outbox', async () => {
    const body = contactBody();
    await request(t.http).post('/api/contact').send(body).expect(201);
    const [entry] = readOutbox(t.outboxDir);
    expect(entry).toMatchObject({ to: SUPPORT, replyTo: body.email, subject: `[Contact] ${body.subject}` });
    expect(entry.text).toContain(body.message);
  });
});
