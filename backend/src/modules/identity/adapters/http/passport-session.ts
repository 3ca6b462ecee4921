import type { Request, Response } from 'express';
import passport from 'passport';
import type { SessionUser } from '../../application/session-user';
import { InvalidCredentialsError } from '../../domain/identity-errors';

/** Runs the local strategy on this request (after the body passed validation). */
export function authenticateLocal(req: Request, res: Response): Promise<SessionUser> {
  return new Promise((resolve, reject) => {
    const authenticate = passport.authenticate('local', { session: false }, (err: unknown, user: SessionUser | false) => {
      if (err) return reject(err);
      if (!user) return reject(new InvalidCredentialsError());
      resolve(user);
    }) as (req: Request, res: Response, next: (err?: unknown) => void) => void;
    authenticate(req, res, (err?: unknown) => reject(err ?? new InvalidCredentialsError()));
  });
}

/** Signs the user in: passport 0.7 regenerates the session (a new id, against fixation). */
export function signIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err: unknown) => (err ? reject(err) : resolve())));
}

/** Signs out and destroys the session row. Fine when nobody was signed in. */
export async function signOut(req: Request): Promise<void> {
  if (req.user && req.session) {
    await new Promise<void>((resolve, reject) => req.logout((err: unknown) => (err ? reject(err) : resolve())));
  }
  if (req.session) {
    await new Promise<void>((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
  }
}
