import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { type SessionUser } from '../application/session-user';
import { SessionUserService } from '../application/session-user.service';

type Done = (err: unknown, value?: unknown) => void;

/**
 * What a session stores (the user id only) and what each request gets back from it: the account
 * loaded fresh, as the AuthUser shape with isAdmin (D22), or nobody when the account is gone or
 * suspended (D21: its sessions stop working at once, whatever they hold).
 *
 * Passport keeps serializers in a process-wide list and asks them in order; an instance whose
 * module has been shut down answers 'pass', so a later app in the same process (tests) is asked.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  private closed = false;

  constructor(private readonly users: SessionUserService) {
    super();
  }

  serializeUser(user: SessionUser, done: Done): void {
    if (this.closed) return done('pass');
    done(null, user.id);
  }

  deserializeUser(userId: unknown, done: Done): void {
    if (this.closed) return done('pass');
    this.users.load(userId).then(
      (user) => done(null, user ?? null),
      (err: unknown) => done(err),
    );
  }

  onModuleDestroy(): void {
    this.closed = true;
  }
}
