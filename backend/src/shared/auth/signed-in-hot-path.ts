import { HotPaths } from '../http/hot-paths';
import { PreparedJson, sendPipelineJson } from '../http/pipeline-answer';
import type { CachedSession, SessionCache } from './session-cache';

const NO_STORE: ReadonlyArray<[string, string]> = [['cache-control', 'no-store']];

/**
 * ADR 0021: a signed-in GET of exactly `path`, answered before Express when this instance holds the
 * cookie's session and `answerFor` has the bytes (null: let the pipeline answer). A session this
 * instance does not hold goes through the pipeline, which then remembers it. The answer carries the
 * pipeline's headers, `no-store`, and ETag/304; the session's expiry is written in the background
 * when due.
 */
export function registerSignedInHotPath(
  hotPaths: HotPaths,
  sessions: SessionCache,
  path: string,
  answerFor: (session: CachedSession) => PreparedJson | null,
): void {
  hotPaths.register((req, res) => {
    if (req.url !== path || req.method !== 'GET') return false;
    const pipelineHeaders = hotPaths.pipelineHeaders;
    if (!pipelineHeaders) return false;
    const found = sessions.lookup(req);
    if (found.kind === 'none') return false;
    if (found.kind === 'miss') {
      sessions.fillAfterPipeline(req, found);
      return false;
    }
    const answer = answerFor(found.session);
    if (!answer?.sendable) return false;
    sendPipelineJson(req, res, answer, pipelineHeaders, NO_STORE);
    sessions.touchInBackground(found.sid, found.session);
    return true;
  });
}

/** The prepared answer kept under `key` in `answers`, made once from `value()`. */
export function preparedAnswer(answers: Map<string, unknown>, key: string, value: () => unknown): PreparedJson {
  let answer = answers.get(key) as PreparedJson | undefined;
  if (!answer) answers.set(key, (answer = new PreparedJson(value())));
  return answer;
}
