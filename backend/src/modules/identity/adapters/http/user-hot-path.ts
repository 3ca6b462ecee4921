import { Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { HotPaths } from '../../../../shared/http/hot-paths';
import { PreparedJson, sendPipelineJson } from '../../../../shared/http/pipeline-answer';
import type { SessionUser } from '../../application/session-user';
import { toUserView } from './user-view';

export const USER_PATH = '/api/user';
const NO_STORE: ReadonlyArray<[string, string]> = [['cache-control', 'no-store']];

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
    this.hotPaths.register((req, res) => this.serve(req, res));
  }

  private serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.url !== USER_PATH || req.method !== 'GET') return false;
    const pipelineHeaders = this.hotPaths.pipelineHeaders;
    if (!pipelineHeaders) return false;
    const found = this.sessions.lookup(req);
    if (found.kind === 'none') return false;
    if (found.kind === 'miss') {
      this.sessions.fillAfterPipeline(req, found);
      return false;
    }
    const { answers, user } = found.session;
    let answer = answers.get(USER_PATH) as PreparedJson | undefined;
    if (!answer) answers.set(USER_PATH, (answer = new PreparedJson(toUserView(user as SessionUser))));
    if (!answer.sendable) return false;
    sendPipelineJson(req, res, answer, pipelineHeaders, NO_STORE);
    this.sessions.touchInBackground(found.sid, found.session);
    return true;
  }
}
