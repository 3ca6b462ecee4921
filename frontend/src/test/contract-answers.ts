/**
 * ADR 0027: what the tests' stub server answers is typed with the server's own contract (the types
 * generated from its OpenAPI document), so a test cannot feed the client an answer the server
 * would never send, and a change on the server shows in the tests' types too.
 */
import type { ApiSchema } from '../shared/api/contract';

export type UserAnswer = ApiSchema<'UserResponse'>;

/** A signed-in account as GET /api/user, sign-in and sign-up answer it; what is not given is a plain new account. */
export function userBody(fields: Partial<UserAnswer> & Pick<UserAnswer, 'id' | 'email'>): UserAnswer {
  return {
    username: fields.email.split('@')[0] ?? fields.email,
    firstName: null,
    lastName: null,
    emailVerified: true,
    isSubscribed: false,
    subscriptionTier: 'free',
    isAdmin: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

/** GET /api/user/credits. */
export function creditsAnswer(regular: number, watermarked = 0): ApiSchema<'CreditBalanceResponse'> {
  return { balance: regular + watermarked, regular, watermarked };
}
