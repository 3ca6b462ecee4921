import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenAI's Chat Completions API, in the wire format the official `openai`
 * SDK (v6) speaks: `POST {baseURL}/chat/completions` with `Authorization: Bearer <key>` (the SDK
 * appends the path to baseURL, so OPENAI_BASE_URL is `http://127.0.0.1:PORT/v1`), answered with a
 * `chat.completion` object, or an error status with `{error: {message, type, param, code}}`.
 *
 * Keys are registered by the test; any other key gets OpenAI's 401 invalid_api_key, whose message
 * quotes the key masked (`sk-abc***wxyz`), as OpenAI's does. Each call with a key follows the
 * next scripted behaviour for that key, else succeeds. An answer is written from the request: a
 * notes request ("take notes") gets one line naming its part; an article request gets a Markdown
 * article (`# title`, `## heading`: models use Markdown even when told not to) that quotes the
 * start of what it was given. Every request is recorded, so tests can count calls (chunking) and
 * check the key and the model.
 */

export type OpenaiBehaviour =
  | 'ok'
  /** 401 invalid_api_key (a revoked key). */
  | 'invalid-key'
  /** 429 insufficient_quota: the account has no credit. */
  | 'no-credit'
  /** 429 rate_limit_exceeded. */
  | 'rate-limit'
  /** 500 server_error. */
  | 'server-error'
  /** 503 with OpenAI's overloaded message. */
  | 'overloaded';

export interface RecordedCompletion {
  path: string;
  /** The key from `Authorization: Bearer …` (or null). */
  key: string | null;
  headers: http.IncomingHttpHeaders;
  model: string;
  messages: Array<{ role: string; content: string }>;
  /** What the fake answered (status). */
  status: number;
  /** 'notes' or 'article' by the system prompt. */
  kind: 'notes' | 'article';
}

export interface FakeOpenai {
  /** http://127.0.0.1:PORT/v1, for OPENAI_BASE_URL */
  baseUrl: string;
  env: Record<string, string>;
  requests: RecordedCompletion[];
  /** A fresh key that the fake accepts (sk-proj-… shaped, distinctive). */
  newKey(label?: string): string;
  /** Accept `key` (answers 'ok' unless scripted). */
  addKey(key: string): void;
  /** The next calls with `key` behave like this, in order; then 'ok'. */
  script(key: string, ...behaviours: OpenaiBehaviour[]): void;
  /** Completions called with `key`, oldest first. */
  callsWith(key: string): RecordedCompletion[];
  close(): Promise<void>;
}

const ERRORS: Record<Exclude<OpenaiBehaviour, 'ok'>, { status: number; error: (key: string) => Record<string, unknown> }> = {
  'invalid-key': {
    status: 401,
    error: (key) => ({
      message: `Incorrect API key provided: ${masked(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    }),
  },
  'no-credit': {
    status: 429,
    error: () => ({
      message:
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    }),
  },
  'rate-limit': {
    status: 429,
    error: () => ({
      message: 'Rate limit reached for gpt-4o-mini in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    }),
  },
  'server-error': {
    status: 500,
    error: () => ({ message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null }),
  },
  overloaded: {
    status: 503,
    error: () => ({ message: 'The engine is currently overloaded, please try again later', type: 'server_error', param: null, code: null }),
  },
};

/** How OpenAI quotes a refused key: a few first characters, stars, the last four. */
export function masked(key: string): string {
  return key.length > 10 ? `${key.slice(0, 6)}${'*'.repeat(10)}${key.slice(-4)}` : '***';
}

function answerFor(kind: 'notes' | 'article', messages: Array<{ role: string; content: string }>): string {
  const user = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  if (kind === 'notes') {
    const part = /Part (\d+) of (\d+)/.exec(user);
    const start = user.split(/\n\n/)[1]?.split(/\s+/).slice(0, 6).join(' ') ?? '';
    return `- Notes on part ${part?.[1] ?? '?'} of ${part?.[2] ?? '?'}: ${start}\n- A second point of that part.`;
  }
  const exact = /Use exactly this title: (.*)/.exec(user)?.[1];
  const named = /The video is called "(.*)"/.exec(user)?.[1];
  const title = exact ?? (named ? `All About ${named}` : 'An Article Written by the Fake Model');
  const material = user.slice(user.indexOf('\n\n') + 2);
  const quoted = material.replace(/\s+/g, ' ').slice(0, 160);
  return [
    `# ${title}`,
    '',
    `This is the **introduction**, written from ${material.length} characters of material.`,
    '',
    '## What the video says',
    '',
    `It begins: ${quoted}`,
    '',
    '## Conclusion',
    '',
    'That is the whole story.',
  ].join('\n');
}

export async function startFakeOpenai(): Promise<FakeOpenai> {
  const keys = new Set<string>();
  const scripts = new Map<string, OpenaiBehaviour[]>();
  const requests: RecordedCompletion[] = [];

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'x-request-id': `req_${randomBytes(12).toString('hex')}`, 'openai-processing-ms': '12' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        return json(res, 404, { error: { message: `Invalid URL (${req.method} ${url.pathname})`, type: 'invalid_request_error', param: null, code: null } });
      }
      let body: { model?: unknown; messages?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return json(res, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', param: null, code: null } });
      }
      const auth = req.headers.authorization ?? '';
      const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
      const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role: string; content: string }>) : [];
      const system = messages.find((m) => m.role === 'system')?.content ?? '';
      const kind = /take notes/i.test(system) ? 'notes' : 'article';
      const record: RecordedCompletion = { path: url.pathname, key, headers: req.headers, model: String(body.model), messages, status: 200, kind };
      requests.push(record);

      const behaviour: OpenaiBehaviour = key && keys.has(key) ? (scripts.get(key)?.shift() ?? 'ok') : 'invalid-key';
      if (behaviour !== 'ok') {
        const failure = ERRORS[behaviour];
        record.status = failure.status;
        return json(res, failure.status, { error: failure.error(key ?? '') });
      }
      if (typeof body.model !== 'string' || messages.length === 0) {
        record.status = 400;
        return json(res, 400, { error: { message: "Missing required parameter: 'messages'.", type: 'invalid_request_error', param: 'messages', code: 'missing_required_parameter' } });
      }
      const content = answerFor(kind, messages);
      json(res, 200, {
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: `${body.model}-2024-07-18`,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/v1`;

  return {
    baseUrl,
    env: { OPENAI_BASE_URL: baseUrl },
    requests,
    newKey: (label = 'test') => {
      const key = `sk-proj-${label}-${randomBytes(24).toString('hex')}`;
      keys.add(key);
      return key;
    },
    addKey: (key) => {
      keys.add(key);
    },
    script: (key, ...behaviours) => {
      scripts.set(key, [...(scripts.get(key) ?? []), ...behaviours]);
    },
    callsWith: (key) => requests.filter((r) => r.key === key),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
