import { escapeHtml, mailPage, mailTime } from '../../../shared/mail/html';
import type { MailMessage } from '../../../shared/mail/mailer.port';

/** D24: plain, readable text, and simple HTML with every interpolated value escaped. */

export function verificationLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/confirm-email/${encodeURIComponent(token)}`;
}

export function verificationMail(to: { email: string; username: string }, link: string, ttlHours: number): MailMessage {
  const text = [
    `Hi ${to.username},`,
    '',
    'Welcome to Magic Editor! Please confirm your email address by opening this link:',
    '',
    link,
    '',
    `Once it is confirmed you get 2 free credits to start editing. The link works for ${ttlHours} hours.`,
    '',
    "If you did not create an account, you can ignore this email.",
    '',
    'Magic Editor',
  ].join('\n');
  const html = mailPage([
    `Hi ${escapeHtml(to.username)},`,
    'Welcome to Magic Editor! Please confirm your email address:',
    `<a href="${escapeHtml(link)}">Verify my email</a>`,
    `Or copy this link into your browser:<br>${escapeHtml(link)}`,
    `Once it is confirmed you get 2 free credits to start editing. The link works for ${ttlHours} hours.`,
    'If you did not create an account, you can ignore this email.',
    'Magic Editor',
  ]);
  return { to: to.email, subject: 'Verify your email for Magic Editor', text, html };
}

/**
 * Which sessions the change ended: a change made while signed in keeps that device signed in, a
 * reset from a mailed link (D36) ends every session of the account.
 */
export type SignedOut = 'other-devices' | 'every-device';

export function passwordChangedMail(
  to: { email: string; username: string },
  when: Date,
  supportEmail: string,
  signedOut: SignedOut,
): MailMessage {
  const at = mailTime(when);
  const signedOutLine =
    signedOut === 'every-device'
      ? 'Every device that was signed in has been signed out.'
      : 'Every other device that was signed in has been signed out.';
  const text = [
    `Hi ${to.username},`,
    '',
    `The password of your Magic Editor account was changed on ${at}.`,
    signedOutLine,
    '',
    `If this was you, there is nothing else to do. If it was not you, contact us right away at ${supportEmail}.`,
    '',
    'Magic Editor',
  ].join('\n');
  const html = mailPage([
    `Hi ${escapeHtml(to.username)},`,
    `The password of your Magic Editor account was changed on ${escapeHtml(at)}.`,
    signedOutLine,
    `If this was you, there is nothing else to do. If it was not you, contact us right away at ` +
      `<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.`,
    'Magic Editor',
  ]);
  return { to: to.email, subject: 'Your Magic Editor password was changed', text, html };
}

/** D36: the page that sets a new password with the token of the link. */
export function passwordResetLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/reset-password/${encodeURIComponent(token)}`;
}

function inTime(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function passwordResetMail(to: { email: string; username: string }, link: string, ttlMinutes: number): MailMessage {
  const text = [
    `Hi ${to.username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Magic Editor account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works for ${inTime(ttlMinutes)}, and only once. Resetting the password signs you out everywhere.`,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
    '',
    'Magic Editor',
  ].join('\n');
  const html = mailPage([
    `Hi ${escapeHtml(to.username)},`,
    'Someone (hopefully you) asked to reset the password of your Magic Editor account.',
    `<a href="${escapeHtml(link)}">Choose a new password</a>`,
    `Or copy this link into your browser:<br>${escapeHtml(link)}`,
    `The link works for ${inTime(ttlMinutes)}, and only once. Resetting the password signs you out everywhere.`,
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
    'Magic Editor',
  ]);
  return { to: to.email, subject: 'Reset your Magic Editor password', text, html };
}
