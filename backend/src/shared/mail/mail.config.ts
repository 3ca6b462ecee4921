import * as path from 'node:path';
import { z } from 'zod';
import type { EnvOf } from '../../config/env-types';

/** The mailer's environment (D24). `root` resolves the outbox folder. */
export const mailEnv = {
  // SMTP when set, else log + outbox folder.
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), { message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Magic Editor <no-reply@magic-editor.local>'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@magic-editor.local'),
};

export function mailConfig(env: EnvOf<typeof mailEnv>, root: string) {
  return {
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.resolve(root, env.MAIL_OUTBOX_DIR ?? '.data/outbox'),
      supportEmail: env.SUPPORT_EMAIL,
    },
  };
}
