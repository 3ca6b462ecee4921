import { escapeHtml, mailPage } from '../../../shared/mail/html';
import type { MailMessage } from '../../../shared/mail/mailer.port';

/** D43: the owner of an image that was taken down is told, with the prompt and where to ask. */
export function takedownMail(to: string, prompts: readonly string[], contactUrl: string): MailMessage {
  const many = prompts.length > 1;
  const subject = many ? 'Images of yours were removed from Magic Editor' : 'An image of yours was removed from Magic Editor';
  const lead = many
    ? `After a report, we reviewed ${prompts.length} images of yours and removed them for breaking our Terms.`
    : 'After a report, we reviewed an image of yours and removed it for breaking our Terms.';
  const list = prompts.map((p) => `- "${p}"`);
  const after = [
    'The image, its original upload and every copy of it are deleted, and the same picture can no longer be uploaded or made here.',
    `If you think this is a mistake, write to us: ${contactUrl}`,
  ];
  return {
    to,
    subject,
    text: [lead, '', ...list, '', ...after].join('\n'),
    html: mailPage([escapeHtml(lead), prompts.map((p) => `&ldquo;${escapeHtml(p)}&rdquo;`).join('<br>'), ...after.map(escapeHtml)]),
  };
}

/** D43: the owner of an image a report hid pending review is told it is back once the reports are dismissed. */
export function restoredMail(to: string, prompt: string): MailMessage {
  const lead = 'An image of yours was hidden while we reviewed a report about it. We found nothing wrong: it is visible again.';
  return {
    to,
    subject: 'Your image is visible again on Magic Editor',
    text: [lead, '', `- "${prompt}"`].join('\n'),
    html: mailPage([escapeHtml(lead), `&ldquo;${escapeHtml(prompt)}&rdquo;`]),
  };
}
