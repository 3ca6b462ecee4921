import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OutboxEntry } from '../../src/shared/mail/mailer.port';

/** Messages the outbox mailer wrote to `dir`, oldest first. */
export function readOutbox(dir: string): OutboxEntry[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxEntry)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The messages sent to one address, oldest first. */
export function mailsTo(dir: string, to: string): OutboxEntry[] {
  return readOutbox(dir).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
