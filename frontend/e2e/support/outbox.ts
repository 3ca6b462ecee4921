import * as fs from 'node:fs';
import * as path from 'node:path';

export interface OutboxMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}

/** Waits until a mail to `to` whose subject matches arrives in the app's outbox. */
export async function waitForMail(outboxDir: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  return (await waitForMails(outboxDir, to, subject, 1, timeoutMs))[0]!;
}

/** Waits until at least `count` mails to `to` whose subject matches are in the app's outbox; answers them all. */
export async function waitForMails(outboxDir: string, to: string, subject: RegExp, count: number, timeoutMs = 10_000): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')) as OutboxMail)
      : [];
    const found = mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${count} mails to ${to} matching ${subject} within ${timeoutMs} ms`);
}
