import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for Replicate's prediction API, speaking the wire format the official
 * `replicate` client uses (node_modules/replicate/lib/predictions.js, index.js request()):
 *
 *   POST /v1/models/{owner}/{name}/predictions  {input}  → 201 prediction {id, status:'starting', urls:{get,cancel}, …}
 *   GET  /v1/predictions/{id}                           → the prediction, moving on by the script
 *   POST /v1/predictions/{id}/cancel                    → the prediction, status 'canceled'
 *   GET  /files/{id}.{png|jpg}                          → the output bytes (no auth, like replicate.delivery)
 *
 * Every call needs `Authorization: Bearer <token>` (else 401 as Replicate answers). Each model
 * of MODEL_SCHEMAS has its published input schema (D41): a missing required input, an input name
 * the model does not have, or a value of the wrong type or outside its choices is refused with
 * Replicate's 422 shape ({title, detail, status, invalid_fields}); a model it does not know is a
 * 404. Outputs come as the model's schema says (a URL, or an array of URLs when a behaviour asks),
 * made from the input image the way the model would: FLUX.2 [pro] without `aspect_ratio` makes a
 * square, without `output_format` a WebP. Each prediction follows the next queued behaviour of its
 * model, else of all models, else the model's default, else the default (succeed on the first
 * poll, echoing the input image). Every request is recorded, so tests can assert the token, the
 * model path and the input fields.
 */

export type FakeBehaviour =
  /** processing for `polls` GETs, then succeeded; output = `image` or the input image echoed back (as a URL, or `['url']` with outputShape 'array'). */
  | { kind: 'succeed'; polls?: number; image?: Buffer; contentType?: string; outputShape?: 'string' | 'array' }
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
/** Black Forest Labs' own moderation words (FLUX.2 [pro] passes them on). */
export const BFL_CONTENT_MODERATED = 'Content Moderated: the request was flagged by the moderation system.';
/** Google's Gemini image models when their safety filter blocks the output. */
export const GOOGLE_IMAGE_SAFETY = 'Prediction failed: the model returned no image (finish_reason: IMAGE_SAFETY).';

type FieldType = 'string' | 'uri' | 'uri[]' | 'integer' | { enum: readonly string[] } | { min: number; max: number };

/** A model's published input schema (replicate.com/{owner}/{name}/api), as much as the fake checks. */
export interface FakeModelSchema {
  required: readonly string[];
  fields: Readonly<Record<string, FieldType>>;
}

const ASPECT_RATIOS = { enum: ['match_input_image', '1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21', '2:1', '1:2'] } as const;

export const MODEL_SCHEMAS: Readonly<Record<string, FakeModelSchema>> = {
  'black-forest-labs/flux-kontext-max': {
    required: ['prompt'],
    fields: { prompt: 'string', input_image: 'uri', aspect_ratio: ASPECT_RATIOS, output_format: { enum: ['jpg', 'png'] }, safety_tolerance: { min: 0, max: 6 }, seed: 'integer', prompt_upsampling: { enum: [] } },
  },
  'black-forest-labs/flux-kontext-pro': {
    required: ['prompt'],
    fields: { prompt: 'string', input_image: 'uri', aspect_ratio: ASPECT_RATIOS, output_format: { enum: ['jpg', 'png'] }, safety_tolerance: { min: 0, max: 6 }, seed: 'integer', prompt_upsampling: { enum: [] } },
  },
  'black-forest-labs/flux-2-pro': {
    required: ['prompt'],
    fields: {
      prompt: 'string',
      input_images: 'uri[]',
      aspect_ratio: { enum: [...ASPECT_RATIOS.enum, 'custom'] },
      resolution: { enum: ['match_input_image', '0.5 MP', '1 MP', '2 MP', '4 MP'] },
      width: { min: 256, max: 2048 },
      height: { min: 256, max: 2048 },
      safety_tolerance: { min: 1, max: 5 },
      seed: 'integer',
      output_format: { enum: ['webp', 'jpg', 'png'] },
      output_quality: { min: 0, max: 100 },
    },
  },
  'google/nano-banana': {
    required: ['prompt'],
    fields: { prompt: 'string', image_input: 'uri[]', aspect_ratio: ASPECT_RATIOS, output_format: { enum: ['jpg', 'png'] } },
  },
};

/** Replicate's 422 for an input the model's schema refuses. */
function invalidFields(schema: FakeModelSchema, input: Record<string, unknown>): Array<{ type: string; field: string; description: string }> {
  const problems: Array<{ type: string; field: string; description: string }> = [];
  for (const name of schema.required) {
    if (input[name] === undefined) problems.push({ type: 'required', field: `input.${name}`, description: `${name} is required` });
  }
  const isUri = (v: unknown) => typeof v === 'string' && /^(data:|https?:\/\/)/.test(v);
  for (const [name, value] of Object.entries(input)) {
    const type = schema.fields[name];
    const bad = (description: string) => problems.push({ type: 'invalid', field: `input.${name}`, description });
    if (type === undefined) {
      problems.push({ type: 'additional_property_not_allowed', field: 'input', description: `Additional property ${name} is not allowed` });
    } else if (type === 'string') {
      if (typeof value !== 'string') bad(`${name}: Invalid type. Expected: string`);
    } else if (type === 'uri') {
      if (!isUri(value)) bad(`${name}: Does not match format 'uri'`);
    } else if (type === 'uri[]') {
      if (!Array.isArray(value)) bad(`${name}: Invalid type. Expected: array, given: ${typeof value}`);
      else if (!value.every(isUri)) bad(`${name}.0: Does not match format 'uri'`);
    } else if (type === 'integer') {
      if (!Number.isInteger(value)) bad(`${name}: Invalid type. Expected: integer`);
    } else if ('enum' in type) {
      if (!type.enum.includes(value as string)) bad(`${name}: ${name} must be one of the following: ${type.enum.map((e) => `"${e}"`).join(', ')}`);
    } else if (!Number.isInteger(value) || (value as number) < type.min || (value as number) > type.max) {
      bad(`${name}: Must be an integer from ${type.min} to ${type.max}`);
    }
  }
  return problems;
}

/** The input image a model reads, by its own field name. */
function inputImageOf(input: Record<string, unknown>): unknown {
  if (input.input_image !== undefined) return input.input_image;
  if (Array.isArray(input.input_images)) return input.input_images[0];
  if (Array.isArray(input.image_input)) return input.image_input[0];
  return undefined;
}

const MIME_OF_FORMAT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

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
  /** The next predictions of this model follow these, before any queued for all models. */
  enqueueFor(model: string, ...behaviours: FakeBehaviour[]): void;
  /** This model's predictions follow this when nothing is queued (until clear()). */
  setDefaultFor(model: string, behaviour: FakeBehaviour): void;
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
  const [, type, data] = /^data:([^;,]+);base64,(.*)$/s.exec(value) ?? [];
  return type !== undefined && data !== undefined ? { type, bytes: Buffer.from(data, 'base64') } : null;
}

export async function startFakeReplicate(options: { token?: string } = {}): Promise<FakeReplicate> {
  const token = options.token ?? `r8_fake_${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const predictions: FakePrediction[] = [];
  const queue: FakeBehaviour[] = [];
  const modelQueues = new Map<string, FakeBehaviour[]>();
  const modelDefaults = new Map<string, FakeBehaviour>();
  let fallbackBehaviour: FakeBehaviour = { kind: 'succeed' };
  const nextBehaviour = (model: string): FakeBehaviour =>
    modelQueues.get(model)?.shift() ?? queue.shift() ?? modelDefaults.get(model) ?? fallbackBehaviour;
  let origin = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const view = (p: FakePrediction) => {
    const done = p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled';
    const url = `${origin}/files/${p.id}.${p.outputType === 'image/png' ? 'png' : p.outputType === 'image/webp' ? 'webp' : 'jpg'}`;
    const asArray = p.behaviour.kind === 'succeed' && p.behaviour.outputShape === 'array';
    return {
      id: p.id,
      model: p.model,
      version: 'hidden',
      input: { ...p.input, ...(p.input.input_image ? { input_image: '(omitted)' } : {}) },
      logs: '',
      output: p.status === 'succeeded' ? (asArray ? [url] : url) : null,
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

  /**
   * What the model makes of its input when a behaviour gives no image: the input image, in the
   * format and shape the model's defaults and the input ask for (FLUX.2 [pro]: 1:1 and WebP unless
   * told otherwise; the others: the input's aspect ratio, JPEG unless told PNG).
   */
  const modelOutput = async (model: string, input: Record<string, unknown>): Promise<{ bytes: Buffer; type: string }> => {
    const echoed = decodeDataUri(inputImageOf(input));
    const isFlux2 = model === 'black-forest-labs/flux-2-pro';
    const format = typeof input.output_format === 'string' ? input.output_format : isFlux2 ? 'webp' : 'jpg';
    const type = MIME_OF_FORMAT[format] ?? 'image/jpeg';
    if (!echoed) return { bytes: Buffer.alloc(0), type };
    const square = isFlux2 && input.aspect_ratio !== 'match_input_image';
    const sameFormat = echoed.type === type && !square;
    if (sameFormat) return { bytes: echoed.bytes, type };
    let image = sharp(echoed.bytes);
    if (square) {
      const { width = 1, height = 1 } = await sharp(echoed.bytes).metadata();
      const side = Math.min(width, height);
      image = image.resize(side, side, { fit: 'cover' });
    }
    const bytes = await (type === 'image/png' ? image.png() : type === 'image/webp' ? image.webp() : image.jpeg()).toBuffer();
    return { bytes, type };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, chunks).catch((error: unknown) => json(res, 500, { detail: String(error) })));
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, chunks: Buffer[]): Promise<void> => {
    // `json` answers and returns nothing: each branch ends with `return json(...)`.
    {
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
        res.end(p.output);
        return;
      }

      if (req.headers.authorization !== `Bearer ${token}`) {
        return json(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
      }

      const create = CREATE.exec(url.pathname);
      if (req.method === 'POST' && create) {
        const model = `${create[1]}/${create[2]}`;
        const schema = MODEL_SCHEMAS[model];
        if (!schema) return json(res, 404, { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 });
        const input = (body?.input ?? {}) as Record<string, unknown>;
        const problems = invalidFields(schema, input);
        if (problems.length > 0) {
          return json(res, 422, { title: 'Input validation failed', detail: problems.map((p) => `- ${p.description}`).join('\n'), status: 422, invalid_fields: problems });
        }
        const behaviour = nextBehaviour(model);
        if (behaviour.kind === 'http-error') {
          return json(res, behaviour.status, behaviour.body ?? { detail: `fake error ${behaviour.status}`, status: behaviour.status });
        }
        const made = behaviour.kind === 'succeed' && !behaviour.image ? await modelOutput(model, input) : null;
        const p: FakePrediction = {
          id: randomBytes(10).toString('hex'),
          model,
          input,
          status: 'starting',
          behaviour,
          polls: 0,
          cancelled: false,
          output: behaviour.kind === 'succeed' ? (behaviour.image ?? made?.bytes ?? Buffer.alloc(0)) : null,
          outputType: behaviour.kind === 'succeed' ? (behaviour.contentType ?? (behaviour.image ? 'image/png' : (made?.type ?? 'image/jpeg'))) : 'image/jpeg',
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
    }
  };

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
    enqueueFor: (model, ...behaviours) => {
      const q = modelQueues.get(model) ?? [];
      q.push(...behaviours);
      modelQueues.set(model, q);
    },
    setDefaultFor: (model, behaviour) => {
      modelDefaults.set(model, behaviour);
    },
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
      modelQueues.clear();
      modelDefaults.clear();
      fallbackBehaviour = { kind: 'succeed' };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
