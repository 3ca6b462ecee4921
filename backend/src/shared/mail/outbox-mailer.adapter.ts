import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { MailMessage, Mailer, OutboxEntry } from './mailer.port';

export interface OutboxMailerOptions {
  dir: string;
  from: string;
  /** Also log the text (so a developer can follow a verification link). Never in production. */
  logText: boolean;
}

/**
 * D24 zero-config default: no mail server. Each message becomes one JSON file (an OutboxEntry) in
 * MAIL_OUTBOX_DIR, readable only by the owner (it may hold a verification link), plus a log line.
 * A file appears whole or not at all.
 */
export class OutboxMailer implements Mailer {
  private readonly logger = new Logger('Mail');

  constructor(private readonly options: OutboxMailerOptions) {}

  async send(message: MailMessage): Promise<void> {
    const entry: OutboxEntry = {
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      sentAt: new Date().toISOString(),
    };
    await ensureOutboxDir(this.options.dir);
    const file = path.join(this.options.dir, `${Date.now()}-${randomBytes(6).toString('hex')}.json`);
    // Written under another name, then renamed (atomic on one file system): whoever reads the
    // outbox's *.json files never sees a message half written.
    const partial = `${file}.partial`;
    await fs.writeFile(partial, JSON.stringify(entry, null, 2), { mode: 0o600, flag: 'wx' });
    await fs.rename(partial, file);
    const line = `Mail to ${message.to} "${message.subject}" written to ${file}`;
    this.logger.log(this.options.logText ? `${line}\n${message.text}` : line);
  }
}

/**
 * The outbox folder, readable only by its owner (0700). Only the outbox itself gets that mode: a
 * recursive mkdir with a mode gives it to every folder it creates, and `.data` at 0700 would lock
 * the embedded PostgreSQL (which runs as the `postgres` user when started as root) out of
 * `.data/postgres`. Parents are created with the process's default mode.
 */
export async function ensureOutboxDir(dir: string): Promise<void> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  try {
    await fs.mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Messages the outbox mailer wrote to `dir`, oldest first (the seed and the tests follow their links). */
export function readOutbox(dir: string): OutboxEntry[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxEntry)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The messages sent to one address, oldest first. */
export function mailsTo(dir: string, to: string): OutboxEntry[] {
  return readOutbox(dir).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
