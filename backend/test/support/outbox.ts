/** The outbox mailer's own reader (D24): messages it wrote, oldest first. */
export { mailsTo, readOutbox } from '../../src/shared/mail/outbox-mailer.adapter';
