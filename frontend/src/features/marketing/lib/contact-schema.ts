import { CONTACT_LIMITS, CONTACT_MESSAGES } from '@support-rules/contact-rules';
import { z } from 'zod';

/**
 * The contact form (001 §5, D34): every field required, the e-mail checked, with the server's
 * limits and its exact messages (the server's own, `@support-rules`), so the form says what the server
 * would say before the round trip. Values are trimmed, as the server trims them.
 */
export { CONTACT_LIMITS, CONTACT_MESSAGES };

export const contactSchema = z.object({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailTooLong)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  subject: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.subjectRequired)
    .max(CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
  /** The honeypot (D34): people never see it, so it is never validated; the server decides. */
  website: z.string(),
});

export type ContactValues = z.input<typeof contactSchema>;
export type ContactOutput = z.output<typeof contactSchema>;

export const CONTACT_DEFAULTS: ContactValues = { name: '', email: '', subject: '', message: '', website: '' };

/** 001 §8 "Contact". */
export const CONTACT_SENT_TITLE = 'Message sent!';
export const CONTACT_SENT_TEXT = "Thank you for contacting us. We'll get back to you soon.";
export const CONTACT_FAILED_TITLE = 'Error';
export const CONTACT_FAILED_TEXT = 'Failed to send message. Please try again.';
