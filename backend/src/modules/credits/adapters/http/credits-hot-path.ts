import { Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { HotPaths } from '../../../../shared/http/hot-paths';
import { PreparedJson, sendPipelineJson } from '../../../../shared/http/pipeline-answer';
import { BalanceCache } from '../../application/balance-cache';

export const CREDITS_PATH = '/api/user/credits';
const NO_STORE: ReadonlyArray<[string, string]> = [['cache-control', 'no-store']];

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
    this.hotPaths.register((req, res) => this.serve(req, res));
  }

  private serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.url !== CREDITS_PATH || req.method !== 'GET') return false;
    const pipelineHeaders = this.hotPaths.pipelineHeaders;
    if (!pipelineHeaders) return false;
    const found = this.sessions.lookup(req);
    if (found.kind === 'none') return false;
    if (found.kind === 'miss') {
      this.sessions.fillAfterPipeline(req, found);
      return false;
    }
    const balance = this.balances.get(found.session.userId);
    if (!balance) return false;
    let answer = balance.answers.get(CREDITS_PATH) as PreparedJson | undefined;
    if (!answer) balance.answers.set(CREDITS_PATH, (answer = new PreparedJson(balance.value)));
    if (!answer.sendable) return false;
    sendPipelineJson(req, res, answer, pipelineHeaders, NO_STORE);
    this.sessions.touchInBackground(found.sid, found.session);
    return true;
  }
}
