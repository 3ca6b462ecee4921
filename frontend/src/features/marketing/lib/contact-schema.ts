import { z } from 'zod';

/**
 * The contact form (001 §5, D34): every field required, the e-mail checked, with the server's
 * limits and its exact messages (the /api/contact contract), so the form says what the server
 * would say before the round trip. Values are trimmed, as the server trims them.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter a message',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
} as const;

export const contactSchema = z.object({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  subject: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.subjectRequired)
    .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
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
