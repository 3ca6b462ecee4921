import { escapeHtml, mailPage } from '../../../shared/mail/html';
import type { MailMessage } from '../../../shared/mail/mailer.port';

/** D24: the subscription-cancelled mail; plain text, and HTML with every value escaped. */
export function subscriptionCancelledMail(to: { email: string; username: string }, accessUntil: Date): MailMessage {
  const date = accessUntil.toUTCString().slice(0, 16);
  const lines = [
    `Hi ${to.username},`,
    '',
    `Your Magic Editor subscription has been cancelled. You keep your plan and its credits until ${date}.`,
    'After that your account returns to the free tier: new images are watermarked and the images saved in My Edits are deleted.',
    '',
    'Changed your mind? You can resume your subscription from your profile until then.',
    '',
    'Magic Editor',
  ];
  return {
    to: to.email,
    subject: 'Your Magic Editor subscription has been cancelled',
    text: lines.join('\n'),
    html: mailPage(lines.filter((l) => l !== '').map(escapeHtml)),
  };
}
