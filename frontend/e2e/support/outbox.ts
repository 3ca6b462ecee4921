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
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')) as OutboxMail)
      : [];
    const found = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
