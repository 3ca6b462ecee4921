/**
 * The contact form's limits and messages (001 §5, D34), shared with the browser (frontend imports
 * it as `@support-rules/contact-rules`), so the form says what the server would say before the
 * round trip. Plain TypeScript only: no imports.
 */

export const CONTACT_LIMITS = {
  nameMax: 100,
  /** The longest address SMTP can carry (RFC 5321). */
  emailMax: 254,
  subjectMax: 200,
  messageMax: 5000,
} as const;

/** The texts of the HTTP contract, shown to the user as they are. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter a message',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.nameMax} characters`,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.emailMax} characters`,
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subjectMax} characters`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.messageMax} characters`,
} as const;
