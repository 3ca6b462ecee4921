/**
 * Contact messages (001 §3, §5; D34), plain TypeScript: the form's limits and messages, the
 * honeypot, the subject line of the mail to support and how often a failed mail is tried again.
 */

export { CONTACT_LIMITS, CONTACT_MESSAGES } from './shared-with-client/contact-rules';

/** The answer to an accepted message (the HTTP contract). */
export const CONTACT_SENT = 'Message sent';

/** What a sender wrote (already trimmed and checked against CONTACT_LIMITS). */
export interface ContactMessageContent {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** A message as it is stored: who sent it from where, and how its mail to support is going. */
export interface StoredContactMessage extends ContactMessageContent {
  id: string;
  /** The sender's account when they were signed in, else null. */
  userId: string | null;
  createdAt: Date;
  /** Attempts to mail it to support so far, the one under way included. */
  mailAttempts: number;
}

/**
 * D34: the form has a field people never see (`website`). Only a bot fills it; its message is
 * answered like any other and dropped. Anything but an absent or blank value counts as filled.
 */
export function honeypotFilled(website: unknown): boolean {
  if (website === undefined || website === null) return false;
  return typeof website !== 'string' || website.trim() !== '';
}

/**
 * The subject of the mail to support: "[Contact] " and the sender's subject on one line. Line
 * breaks (and other control characters) become spaces, so a subject cannot add mail headers.
 */
export function supportMailSubject(subject: string): string {
  const oneLine = subject.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
  return `[Contact] ${oneLine}`;
}

/**
 * Mailing a stored message to support: tried at once, and when that fails, again by the delivery
 * job with a growing pause (5, 10, 20 … minutes, at most 6 hours), `maxAttempts` times in all
 * (about ten and a half hours); the message stays stored whatever happens.
 */
export const CONTACT_MAIL_DELIVERY = {
  maxAttempts: 8,
  /** An attempt under way holds its message this long, so no other attempt sends it twice. */
  leaseMinutes: 15,
  /** How often the delivery job looks for messages to send again. */
  retryEveryMinutes: 5,
} as const;

/** Minutes before the next attempt after `attemptsMade` failed ones; null once they are used up. */
export function nextMailAttemptInMinutes(attemptsMade: number): number | null {
  if (attemptsMade >= CONTACT_MAIL_DELIVERY.maxAttempts) return null;
  return Math.min(CONTACT_MAIL_DELIVERY.retryEveryMinutes * 2 ** Math.max(0, attemptsMade - 1), 360);
}
