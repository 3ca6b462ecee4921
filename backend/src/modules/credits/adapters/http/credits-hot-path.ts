import { Injectable, OnModuleInit } from '@nestjs/common';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { preparedAnswer, registerSignedInHotPath } from '../../../../shared/auth/signed-in-hot-path';
import { HotPaths } from '../../../../shared/http/hot-paths';
import { BalanceCache } from '../../application/balance-cache';

export const CREDITS_PATH = '/api/user/credits';

/**
 * ADR 0021: the shell's 2-second balance poll answered before Express when this instance holds
 * both the cookie's session and the user's balance (each dropped at once on every instance when
 * it changes). Anything else (no or invalid cookie, unknown session, a balance not cached, a query
 * string) goes through CreditsController, which answers and fills the caches.
 */
@Injectable()
export class CreditsHotPath implements OnModuleInit {
  constructor(
    private readonly hotPaths: HotPaths,
    private readonly sessions: SessionCache,
    private readonly balances: BalanceCache,
  ) {}

  onModuleInit(): void {
    registerSignedInHotPath(this.hotPaths, this.sessions, CREDITS_PATH, (session) => {
      const balance = this.balances.get(session.userId);
      return balance ? preparedAnswer(balance.answers, CREDITS_PATH, () => balance.value) : null;
    });
  }
}
