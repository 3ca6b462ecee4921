import { Injectable, OnModuleInit } from '@nestjs/common';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { preparedAnswer, registerSignedInHotPath } from '../../../../shared/auth/signed-in-hot-path';
import { HotPaths } from '../../../../shared/http/hot-paths';
import type { SessionUser } from '../../application/session-user';
import { toUserView } from './user-view';

export const USER_PATH = '/api/user';

/**
 * ADR 0021: GET /api/user answered before Express when this instance holds the cookie's session
 * (dropped at once on every instance when the session or the user row changes: sign-out,
 * suspension, deletion, password change, verification, ...). Anything else goes through
 * AuthController, and the pipeline fills the cache.
 */
@Injectable()
export class UserHotPath implements OnModuleInit {
  constructor(
    private readonly hotPaths: HotPaths,
    private readonly sessions: SessionCache,
  ) {}

  onModuleInit(): void {
    registerSignedInHotPath(this.hotPaths, this.sessions, USER_PATH, ({ answers, user }) =>
      preparedAnswer(answers, USER_PATH, () => toUserView(user as SessionUser)),
    );
  }
}
