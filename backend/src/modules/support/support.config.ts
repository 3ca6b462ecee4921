import { type EnvOf, positiveInt } from '../../config/env-types';

/** Support's environment (D34). SUPPORT_EMAIL, where messages go, is the mailer's (shared/mail). */
export const supportEnv = {
  // D34: contact messages one client address may send per hour; one more is answered 429.
  CONTACT_MESSAGES_PER_HOUR: positiveInt.default(5),
};

export function supportConfig(env: EnvOf<typeof supportEnv>) {
  return { support: { contactMessagesPerHour: env.CONTACT_MESSAGES_PER_HOUR } };
}
