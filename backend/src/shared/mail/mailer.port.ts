/** D24: every mail leaves through this port (SMTP adapter, or the log + outbox default). */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain, readable text: the whole message. */
  text: string;
  /** Simple HTML rendering of the same content (all interpolated values escaped). */
  html?: string;
  /** Where a reply goes (a contact message is answered to its sender, D34); unset: to the sender. */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');

/** What the outbox adapter writes, one JSON file per message, in MAIL_OUTBOX_DIR. */
export interface OutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
}
