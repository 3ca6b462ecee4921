import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { SESSION_COOKIE } from '../../../../shared/auth/session-cookie';
import { logMappedError } from '../../../../shared/http/domain-error.filter';
import { mapError } from '../../../../shared/http/error-response';
import { HotPaths } from '../../../../shared/http/hot-paths';
import { PreparedAnswers, PreparedJson, sendPipelineJson } from '../../../../shared/http/pipeline-answer';
import { requestIdFor } from '../../../../shared/http/request-id';
import { findUnsafeInput, unsafeInputError } from '../../../../shared/http/safe-input.middleware';
import { BodyAbortedError, readSmallJsonBody, smallJsonBodyLength } from '../../../../shared/http/small-json-body';
import { ToggleLaughUseCase } from '../../application/toggle-laugh.use-case';
import { checkLaugher, checkUserIdentifier, isImageId, type LaughAction, type LaughState } from '../../domain/laugh';
import { userIdentifierOf } from './laugh.dto';

/** `/api/images/<id>/add-laugh` and `…/remove-laugh`, nothing after (a query string goes the normal way). */
const LAUGH_PATH = /^\/api\/images\/([^/?#]+)\/(add|remove)-laugh$/;

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

const NO_EXTRA_HEADERS: ReadonlyArray<[string, string]> = [];

/**
 * ADR 0037: a laugh (POST add-laugh / remove-laugh) answered from the HTTP server's request event,
 * before Express, Nest and their middleware: on a viral image these calls are the busiest write
 * there is, and the pipeline cost ten times the statement. It takes only what it can answer exactly
 * as the pipeline would, and leaves the rest, unread, to LaughsController:
 * - the path exactly, no query string;
 * - D18: a same-origin request by its public origin (Origin, or Sec-Fetch-Site without it);
 * - no session cookie, or one whose session this instance holds (ADR 0021; the user laughs as
 *   themselves, 001 §3); an unknown session goes through the pipeline, which then remembers it;
 * - a small `application/json` UTF-8 body with its Content-Length (express.json's parse rules).
 * Once taken, every outcome is answered here with the pipeline's headers and error shapes: the
 * same checks in the same order (body parse 400, NUL or nesting 400, identifier 400/403, then the
 * use case's 429, 404, 200), the same use case, and 500/503 logged as the exception filter logs
 * them. Hot answers are not in the access log (ADR 0011, 0021).
 */
@Injectable()
export class LaughHotPath implements OnModuleInit {
  private readonly logger = new Logger('HTTP');
  /** Laughs answered here (tests and diagnostics). */
  answered = 0;
  /** The answers' bytes, ETag and header lists, made once per count and state (a hot image's answers repeat). */
  private readonly answers = new PreparedAnswers<LaughState>((state) => `${state.laughCount}:${state.hasLaughed}`);

  constructor(
    private readonly hotPaths: HotPaths,
    private readonly sessions: SessionCache,
    private readonly toggleLaugh: ToggleLaughUseCase,
  ) {}

  onModuleInit(): void {
    this.hotPaths.registerWrite((req, res) => this.take(req, res));
  }

  private take(req: IncomingMessage, res: ServerResponse): boolean {
    const match = LAUGH_PATH.exec(req.url ?? '');
    const facts = this.hotPaths.pipelineFacts;
    const pipelineHeaders = this.hotPaths.pipelineHeaders;
    // A segment that is not an image id (or needs decoding) is the pipeline's to answer.
    if (!match || !isImageId(match[1]) || !facts || !pipelineHeaders) return false;
    if (!facts.plainlySameOrigin(req)) return false;
    const viewer = this.viewerOf(req);
    if (viewer === undefined) return false;
    if (smallJsonBodyLength(req, facts.jsonBodyLimitBytes) === null) return false;
    const [, imageId, action] = match;
    const ip = facts.clientAddress(req);
    this.answered += 1;
    void this.answer(req, res, imageId, action as LaughAction, ip, viewer, pipelineHeaders);
    return true;
  }

  /** The signed-in user (null: nobody), or undefined when only the pipeline can tell. */
  private viewerOf(req: IncomingMessage): AuthUser | null | undefined {
    const found = this.sessions.lookup(req);
    if (found.kind === 'hit') {
      this.sessions.touchInBackground(found.sid, found.session);
      return found.session.user;
    }
    if (found.kind === 'miss') {
      this.sessions.fillAfterPipeline(req, found);
      return undefined;
    }
    // No valid signature: anonymous for the pipeline too, but a cookie of that name (stale, forged)
    // is left to it, which decides what to do with it.
    return req.headers.cookie?.includes(SESSION_COOKIE_PREFIX) ? undefined : null;
  }

  private async answer(
    req: IncomingMessage,
    res: ServerResponse,
    imageId: string,
    action: LaughAction,
    ip: string,
    viewer: AuthUser | null,
    pipelineHeaders: ReadonlyArray<[string, string]>,
  ): Promise<void> {
    try {
      const body = await readSmallJsonBody(req);
      const unsafe = findUnsafeInput(body);
      if (unsafe) throw unsafeInputError(unsafe);
      const laugher = checkLaugher(checkUserIdentifier(userIdentifierOf(body)), viewer?.id ?? null);
      const state = await this.toggleLaugh.execute({ action, imageId, laugher, ip });
      sendPipelineJson(req, res, this.answers.of(state), pipelineHeaders, NO_EXTRA_HEADERS);
    } catch (e) {
      if (e instanceof BodyAbortedError) return;
      // The 500's correlation id is the answer's x-request-id (sendPipelineJson keeps a set one).
      const requestId = requestIdFor(req);
      res.setHeader('x-request-id', requestId);
      const mapped = mapError(e, requestId);
      logMappedError(this.logger, mapped, e, { correlationId: requestId, method: 'POST', path: (req.url ?? '').split('?')[0] });
      if (res.headersSent) return void res.end();
      sendPipelineJson(req, res, new PreparedJson(mapped.body), pipelineHeaders, NO_EXTRA_HEADERS, mapped.status);
    }
  }
}
