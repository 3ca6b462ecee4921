import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { signUpBody } from '../identity/identity-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { mailsTo } from '../support/outbox';
import { type RunningApp, startAppOnDatabase, waitUntil } from '../support/server-process';

jest.setTimeout(120_000);

/** A development request line: method, path, status and time. */
const REQUEST_LINE = /\b(GET|HEAD|POST|PUT|PATCH|DELETE) \/\S* \d{3} \d+ ms\b/;

/** The token at the end of a link in a mail's text. */
function tokenIn(text: string, route: string): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no /${route}/ link in:\n${text}`);
  return match[1];
}

/**
 * D1, D36: the verification and password reset links carry live single-use tokens in their path.
 * The request log (pino-http, one line per request) keeps the route and never the token: the
 * server runs as a real process logging everything, the links are opened (API and page routes),
 * and the output is searched.
 */
describe('tokens in links never reach the log', () => {
  let db: TestDatabase;
  let app: RunningApp | undefined;
  let outboxDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('tokenlogs');
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-outbox-'));
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('logs /api/confirm-email and /api/reset-password with the token redacted', async () => {
    app = await startAppOnDatabase(db, { NODE_ENV: 'development', LOG_LEVEL: 'trace', MAIL_OUTBOX_DIR: outboxDir });
    const { base, output } = app;

    const account = signUpBody();
    const json = { 'Content-Type': 'application/json' };
    expect((await fetch(`${base}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(account) })).status).toBe(201);
    await waitUntil('the verification mail', () => mailsTo(outboxDir, account.email).length === 1, output);
    const verifyToken = tokenIn(mailsTo(outboxDir, account.email)[0].text, 'confirm-email');

    const forgot = await fetch(`${base}/api/forgot-password`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email }) });
    expect(forgot.status).toBe(200);
    await waitUntil('the reset mail', () => mailsTo(outboxDir, account.email).length === 2, output);
    const resetMail = mailsTo(outboxDir, account.email).find((m) => m.text.includes('/reset-password/'))!;
    const resetToken = tokenIn(resetMail.text, 'reset-password');

    expect((await fetch(`${base}/api/reset-password/${resetToken}`)).status).toBe(200);
    await fetch(`${base}/reset-password/${resetToken}`);
    await fetch(`${base}/confirm-email/${verifyToken}`);
    expect((await fetch(`${base}/api/confirm-email/${verifyToken}`)).status).toBeLessThan(500);

    const marker = `flush-${randomBytes(6).toString('hex')}`;
    await fetch(`${base}/api/${marker}`);
    await waitUntil('the marker in the log', () => output().includes(marker), output);

    // D24 writes whole mails to the log when no SMTP server is set (so a developer can follow a
    // link); the request lines are what every deployment writes. In development each is one
    // readable line (issue 15): "INFO: GET /api/reset-password/[redacted] 200 3 ms".
    const log = output()
      .split('\n')
      .filter((line) => REQUEST_LINE.test(line) && !line.includes('[Mail]'))
      .join('\n');
    expect(log).toContain('/api/reset-password/[redacted]');
    expect(log).toContain('/api/confirm-email/[redacted]');
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(verifyToken);
  });
});
