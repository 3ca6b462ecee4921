import { Logger } from '@nestjs/common';
import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { isCallerAbort } from '../../application/fallback-abort';
import type { FileEditResult, ImageEditRequest, ImageEditResult, ImageModel } from '../../application/image-model.port';
import { costMicros, type ModelPrice } from '../../domain/model-catalogue';
import { ModelRefusedError, TransientModelError } from '../../domain/model-errors';
import type { ReplicateModelSchema } from './replicate-model-schemas';

export interface ReplicateImageModelOptions {
  apiToken: string;
  /** e.g. https://api.replicate.com/v1 (keep the /v1) */
  baseUrl: string;
  /** The model (owner/name) and its own input and refusal words (replicate-model-schemas.ts). */
  schema: ReplicateModelSchema;
  /** D41: what one successful call costs (config.generation.modelPrices). */
  price: ModelPrice;
  /** Per call, on top of the request's own AbortSignal (config.generation.modelTimeoutMs). */
  timeoutMs: number;
  /** How often a running prediction is polled. */
  pollIntervalMs?: number;
  /** Where to log (tests pass a recorder to prove the token never appears). */
  logger?: Pick<Logger, 'log' | 'warn' | 'error'>;
}

type LogSink = NonNullable<ReplicateImageModelOptions['logger']>;

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

/**
 * D10/D41: one Replicate model (Kontext Max or Pro, FLUX.2 [pro], Nano Banana) behind the ImageModel port, through the
 * official `replicate` client. It creates the prediction by model name
 * (POST /v1/models/{owner}/{name}/predictions), polls it itself (run() would hide `status` and
 * `error`, retry on its own and return silently on `canceled`), cancels it when the call times out
 * or the caller aborts, and fetches the output at once (Replicate deletes it after an hour, D12).
 *
 * Errors: a failed prediction whose error is its vendor's refusal (E005 / "flagged as sensitive",
 * Google's safety blocks) → ModelRefusedError (nsfw_detected); everything else that goes wrong (E003/E004, other failures, canceled, HTTP 5xx,
 * 429 after the client's own retries, network errors, timeouts) → TransientModelError, which
 * counts toward the D11 fallback. A 4xx from the API (token, model id, input) is logged as a
 * misconfiguration and also surfaces as TransientModelError. The token is never logged.
 */
export class ReplicateImageModel implements ImageModel {
  private readonly client: Replicate;
  private readonly log: LogSink;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: ReplicateImageModelOptions) {
    this.client = new Replicate({ auth: options.apiToken, baseUrl: options.baseUrl, useFileOutput: false, fetch: fetchFailingFast });
    this.log = options.logger ?? new Logger(ReplicateImageModel.name);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  get model(): string {
    return this.options.schema.model;
  }

  async edit(request: ImageEditRequest): Promise<FileEditResult> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const input = this.options.schema.input(request);

    let prediction: Prediction;
    try {
      prediction = await untilAborted(this.client.predictions.create({ model: this.model, input, signal }), signal);
    } catch (error) {
      throw this.failure(error, signal, request.signal);
    }

    try {
      // Poll soon at first (a quick refusal or failure shows at once), then every pollIntervalMs.
      for (let poll = 0; !TERMINAL.has(prediction.status); poll++) {
        await sleep(Math.min(this.pollIntervalMs, 100 * 2 ** poll), signal);
        prediction = await untilAborted(this.client.predictions.get(prediction.id, { signal }), signal);
      }
    } catch (error) {
      // Timed out, aborted, or we lost track of it: either way it should stop running (and costing).
      await this.cancel(prediction.id);
      throw this.failure(error, signal, request.signal, prediction.id);
    }

    if (prediction.status === 'failed') {
      const message = String(prediction.error ?? 'unknown error');
      if (this.options.schema.refusal.test(message)) {
        this.log.log(`${this.model} refused prediction ${prediction.id} (moderation): ${message}`);
        throw new ModelRefusedError();
      }
      this.log.warn(`${this.model} prediction ${prediction.id} failed: ${message}`);
      throw new TransientModelError(`The image model failed: ${message}`);
    }
    if (prediction.status !== 'succeeded') {
      this.log.warn(`${this.model} prediction ${prediction.id} ended as ${prediction.status}`);
      throw new TransientModelError(`The image model's prediction was ${prediction.status}`);
    }

    const url = outputUrl(prediction.output);
    if (!url) {
      this.log.warn(`${this.model} prediction ${prediction.id} succeeded without an output URL`);
      throw new TransientModelError('The image model returned no image');
    }
    try {
      // The output host needs no token: it is not sent there.
      const res = await fetch(url, { signal });
      if (!res.ok) throw new Error(`output fetch answered ${res.status}`);
      const image = Buffer.from(await res.arrayBuffer());
      const mimeType = sniffImageMime(image);
      if (!mimeType) throw new Error('output is not a JPEG, PNG or WebP image');
      return { image, mimeType, model: this.model, costMicros: await this.costOf(request.image, image) };
    } catch (error) {
      throw this.failure(error, signal, request.signal, prediction.id);
    }
  }

  /** D41: the price, with the megapixels of input and output where the vendor prices so (headers only, no decode). */
  private async costOf(input: Buffer, output: Buffer): Promise<number> {
    const { price } = this.options;
    if (price.perMegapixelMicros === 0) return costMicros(price, 0, 0);
    const pixels = async (bytes: Buffer) => {
      const { width = 0, height = 0 } = await sharp(bytes).metadata().catch(() => ({ width: 0, height: 0 }));
      return width * height;
    };
    return costMicros(price, await pixels(input), await pixels(output));
  }

  /** Best effort, bounded: a cancelled prediction stops costing money. */
  private async cancel(id: string): Promise<void> {
    try {
      await untilAborted(this.client.predictions.cancel(id, { signal: AbortSignal.timeout(5000) }), AbortSignal.timeout(5000));
      this.log.warn(`${this.model} prediction ${id} cancelled`);
    } catch (error) {
      this.log.warn(`${this.model} prediction ${id} could not be cancelled: ${describe(error)}`);
    }
  }

  private failure(error: unknown, signal: AbortSignal, callerSignal: AbortSignal | undefined, predictionId?: string): Error {
    const where = predictionId ? `prediction ${predictionId}` : 'create prediction';
    if (signal.aborted) {
      const byCaller = isCallerAbort(callerSignal);
      this.log.warn(`${this.model} ${where}: ${byCaller ? 'aborted by the caller' : `no answer within ${this.options.timeoutMs} ms`}`);
      return new TransientModelError(
        byCaller ? 'The image generation was aborted' : `The image model did not answer within ${Math.round(this.options.timeoutMs / 1000)} seconds`,
      );
    }
    if (isApiError(error)) {
      const status = error.response.status;
      const body = error.message;
      if (this.options.schema.refusal.test(body)) {
        this.log.log(`${this.model} ${where}: refused as sensitive (E005)`);
        return new ModelRefusedError();
      }
      if (status >= 400 && status < 500 && status !== 429) {
        // Not the model being down: our token, model id or input. Say so loudly.
        const hint =
          status === 401 || status === 403
            ? 'check REPLICATE_API_TOKEN'
            : status === 404
              ? `check the model id "${this.model}" (MODEL_CHAIN)`
              : 'the request was rejected (input validation)';
        this.log.error(`Replicate misconfiguration: ${where} answered HTTP ${status} (${hint}): ${body}`);
      } else {
        this.log.warn(`${this.model} ${where}: Replicate answered HTTP ${status}: ${body}`);
      }
      return new TransientModelError(`The image model service answered ${status}`);
    }
    this.log.warn(`${this.model} ${where}: ${describe(error)}`);
    return new TransientModelError('The image model service could not be reached');
  }
}

/**
 * The client retries anything its fetch throws (also for POST) with up to ~15 s of backoff. A
 * network failure becomes a 503 answer instead: a POST then fails at once (the client retries POST
 * only on 429) and a poll GET is retried with backoff as for any 5xx. Aborts pass through.
 */
async function fetchFailingFast(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError' || (error as Error)?.name === 'TimeoutError') throw error;
    return new Response(JSON.stringify({ detail: `network error: ${describe(error)}` }), {
      status: 503,
      statusText: 'Network Error',
      headers: { 'Content-Type': 'application/json' },
    });
  }
}

/** The client's ApiError (not exported at runtime): an Error named ApiError carrying the Response. */
function isApiError(error: unknown): error is Error & { response: Response } {
  return error instanceof Error && error.name === 'ApiError' && (error as { response?: unknown }).response instanceof Response;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** Rejects as soon as `signal` aborts, even if `promise` (e.g. the client's retry loop) keeps going. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function outputUrl(output: unknown): string | null {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && /^https?:\/\//.test(first) ? first : null;
}

/** The model's output format by its bytes, not by a header. */
export function sniffImageMime(bytes: Buffer): ImageEditResult['mimeType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
