import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Replicate's prediction API, speaking the wire format the official
 * `replicate` client uses (node_modules/replicate/lib/predictions.js, index.js request()):
 *
 *   POST /v1/models/{owner}/{name}/predictions  {input}  → 201 prediction {id, status:'starting', urls:{get,cancel}, …}
 *   GET  /v1/predictions/{id}                           → the prediction, moving on by the script
 *   POST /v1/predictions/{id}/cancel                    → the prediction, status 'canceled'
 *   GET  /files/{id}.{png|jpg}                          → the output bytes (no auth, like replicate.delivery)
 *
 * Every call needs `Authorization: Bearer <token>` (else 401 as Replicate answers). Each
 * prediction follows the next queued behaviour (default: succeed on the first poll, echoing the
 * input image as output). Every request is recorded, so tests can assert the token, the model
 * path and the input fields.
 */

export type FakeBehaviour =
  /** processing for `polls` GETs, then succeeded; output = `image` or the input image echoed back. */
  | { kind: 'succeed'; polls?: number; image?: Buffer; contentType?: string }
  /** processing for `polls` GETs, then failed with `error` (e.g. E005 / E004 texts below). */
  | { kind: 'fail'; error: string; polls?: number }
  /** processing for `polls` GETs, then canceled (as when someone cancels it on the website). */
  | { kind: 'cancel'; polls?: number }
  /** the create call itself answers this HTTP status (5xx, 401, 422 …). */
  | { kind: 'http-error'; status: number; body?: unknown }
  /** never finishes: processing on every poll until cancelled. */
  | { kind: 'hang' };

export const E005_SENSITIVE = 'E005: The input or output was flagged as sensitive. Please try again with different inputs.';
export const E004_UNAVAILABLE = 'E004: Service is temporarily unavailable. Please try again later.';
export const E003_HIGH_DEMAND = 'E003: Service is currently unavailable due to high demand. Please try again later.';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakePrediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  behaviour: FakeBehaviour;
  polls: number;
  cancelled: boolean;
  output: Buffer | null;
  outputType: string;
  createdAt: string;
}

export interface FakeReplicate {
  /** http://127.0.0.1:PORT/v1, for REPLICATE_BASE_URL */
  baseUrl: string;
  token: string;
  /** REPLICATE_API_TOKEN and REPLICATE_BASE_URL for createTestApp */
  env: Record<string, string>;
  requests: RecordedRequest[];
  predictions: FakePrediction[];
  /** The next predictions follow these, in order; then the default. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  /** The create calls (POST …/predictions), oldest first. */
  creates(): RecordedRequest[];
  /** The model (owner/name) of each create call, oldest first. */
  createdModels(): string[];
  cancelledIds(): string[];
  /** Forget recorded requests and predictions, queued behaviours and the default. */
  clear(): void;
  close(): Promise<void>;
}

const CREATE = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/;
const GET = /^\/v1\/predictions\/([^/]+)$/;
const CANCEL = /^\/v1\/predictions\/([^/]+)\/cancel$/;
const FILE = /^\/files\/([^/.]+)\.(png|jpg|webp)$/;

function decodeDataUri(value: unknown): { bytes: Buffer; type: string } | null {
  if (typeof value !== 'string') return null;
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(value);
  return m ? { type: m[1], bytes: Buffer.from(m[2], 'base64') } : null;
}

export async function startFakeReplicate(options: { token?: string } = {}): Promise<FakeReplicate> {
  const token = options.token ?? `r8_fake_${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const predictions: FakePrediction[] = [];
  const queue: FakeBehaviour[] = [];
  let fallbackBehaviour: FakeBehaviour = { kind: 'succeed' };
  let origin = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const view = (p: FakePrediction) => {
    const done = p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled';
    return {
      id: p.id,
      model: p.model,
      version: 'hidden',
      input: { ...p.input, input_image: '(omitted)' },
      logs: '',
      output: p.status === 'succeeded' ? `${origin}/files/${p.id}.${p.outputType === 'image/png' ? 'png' : p.outputType === 'image/webp' ? 'webp' : 'jpg'}` : null,
      data_removed: false,
      error: p.status === 'failed' && p.behaviour.kind === 'fail' ? p.behaviour.error : null,
      status: p.status,
      source: 'api',
      created_at: p.createdAt,
      started_at: p.status === 'starting' ? null : p.createdAt,
      completed_at: done ? new Date().toISOString() : null,
      metrics: done ? { predict_time: 0.01, total_time: 0.02 } : {},
      urls: {
        cancel: `${origin}/v1/predictions/${p.id}/cancel`,
        get: `${origin}/v1/predictions/${p.id}`,
        web: `https://replicate.com/p/${p.id}`,
      },
    };
  };

  /** One poll: the prediction moves along its behaviour. */
  const advance = (p: FakePrediction) => {
    if (p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled') return;
    p.polls += 1;
    const b = p.behaviour;
    if (b.kind === 'hang' || b.kind === 'http-error') {
      p.status = 'processing';
      return;
    }
    if (p.polls <= (b.polls ?? 0)) {
      p.status = 'processing';
      return;
    }
    p.status = b.kind === 'succeed' ? 'succeeded' : b.kind === 'fail' ? 'failed' : 'canceled';
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        return json(res, 400, { detail: 'invalid JSON' });
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, headers: req.headers, body });

      const file = FILE.exec(url.pathname);
      if (req.method === 'GET' && file) {
        const p = predictions.find((x) => x.id === file[1]);
        if (!p || p.status !== 'succeeded' || !p.output) return json(res, 404, { detail: 'Not found' });
        res.writeHead(200, { 'Content-Type': p.outputType, 'Content-Length': p.output.length });
        return res.end(p.output);
      }

      if (req.headers.authorization !== `Bearer ${token}`) {
        return json(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
      }

      const create = CREATE.exec(url.pathname);
      if (req.method === 'POST' && create) {
        const behaviour = queue.shift() ?? fallbackBehaviour;
        if (behaviour.kind === 'http-error') {
          return json(res, behaviour.status, behaviour.body ?? { detail: `fake error ${behaviour.status}`, status: behaviour.status });
        }
        const input = (body?.input ?? {}) as Record<string, unknown>;
        if (typeof input.prompt !== 'string') return json(res, 422, { title: 'Input validation failed', detail: 'prompt is required', status: 422 });
        const echoed = decodeDataUri(input.input_image);
        const wantType = input.output_format === 'png' ? 'image/png' : 'image/jpeg';
        const p: FakePrediction = {
          id: randomBytes(10).toString('hex'),
          model: `${create[1]}/${create[2]}`,
          input,
          status: 'starting',
          behaviour,
          polls: 0,
          cancelled: false,
          output: behaviour.kind === 'succeed' ? (behaviour.image ?? echoed?.bytes ?? Buffer.alloc(0)) : null,
          outputType: behaviour.kind === 'succeed' ? (behaviour.contentType ?? (behaviour.image ? 'image/png' : wantType)) : wantType,
          createdAt: new Date().toISOString(),
        };
        predictions.push(p);
        return json(res, 201, view(p));
      }

      const cancel = CANCEL.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        const p = predictions.find((x) => x.id === cancel[1]);
        if (!p) return json(res, 404, { detail: 'Not found' });
        p.cancelled = true;
        if (p.status === 'starting' || p.status === 'processing') p.status = 'canceled';
        return json(res, 200, view(p));
      }

      const get = GET.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const p = predictions.find((x) => x.id === get[1]);
        if (!p) return json(res, 404, { detail: 'Not found' });
        advance(p);
        return json(res, 200, view(p));
      }

      json(res, 404, { detail: `No route ${req.method} ${url.pathname}` });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/v1`;

  return {
    baseUrl,
    token,
    env: { REPLICATE_API_TOKEN: token, REPLICATE_BASE_URL: baseUrl },
    requests,
    predictions,
    enqueue: (...behaviours) => queue.push(...behaviours),
    setDefault: (behaviour) => {
      fallbackBehaviour = behaviour;
    },
    creates: () => requests.filter((r) => r.method === 'POST' && CREATE.test(r.path)),
    createdModels: () =>
      requests
        .filter((r) => r.method === 'POST' && CREATE.test(r.path))
        .map((r) => {
          const m = CREATE.exec(r.path)!;
          return `${m[1]}/${m[2]}`;
        }),
    cancelledIds: () => predictions.filter((p) => p.cancelled).map((p) => p.id),
    clear: () => {
      requests.length = 0;
      predictions.length = 0;
      queue.length = 0;
      fallbackBehaviour = { kind: 'succeed' };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
