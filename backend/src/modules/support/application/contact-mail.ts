import { escapeHtml, mailPage, mailTime } from '../../../shared/mail/html';
import type { MailMessage } from '../../../shared/mail/mailer.port';
import { type StoredContactMessage, supportMailSubject } from '../domain/contact-message';

/**
 * D24, D34: a contact message as mailed to support. Replying answers the sender (reply-to); the
 * sender gets no mail of their own. Plain text, and HTML with every value the sender typed escaped.
 */
export function contactMail(message: StoredContactMessage, supportEmail: string): MailMessage {
  const account = message.userId ? `signed in as account ${message.userId}` : 'not signed in';
  const text = [
    'A message from the Magic Editor contact form.',
    '',
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Subject: ${message.subject}`,
    `Sent: ${mailTime(message.createdAt)} (${account}, message #${message.id})`,
    '',
    'Message:',
    '',
    message.message,
    '',
    '--',
    'Reply to this email to answer the sender.',
  ].join('\n');
  const html = mailPage([
    'A message from the Magic Editor contact form.',
    [
      `<strong>Name:</strong> ${escapeHtml(message.name)}`,
      `<strong>Email:</strong> <a href="mailto:${escapeHtml(message.email)}">${escapeHtml(message.email)}</a>`,
      `<strong>Subject:</strong> ${escapeHtml(message.subject)}`,
      `<strong>Sent:</strong> ${escapeHtml(`${mailTime(message.createdAt)} (${account}, message #${message.id})`)}`,
    ].join('<br>'),
    `<strong>Message:</strong><br>${escapeHtml(message.message).replace(/\r\n|\r|\n/g, '<br>')}`,
    'Reply to this email to answer the sender.',
  ]);
  return { to: supportEmail, replyTo: message.email, subject: supportMailSubject(message.subject), text, html };
}
