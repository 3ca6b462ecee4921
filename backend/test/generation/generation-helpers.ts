import type request from 'supertest';
import { CREDITS_API, type CreditBalance, type CreditsApi } from '../../src/modules/credits';
import { sql } from '../identity/identity-helpers';
import { grantCredits, newUser, type Agent } from '../support/fixtures';
import { type FakeReplicate, startFakeReplicate } from '../support/fake-replicate';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app';

export { sql };

/** A whole app for the generation tests: many sign-ups from one IP are fine here. */
export function createGenerationApp(options: TestAppOptions = {}): Promise<TestApp> {
  return createTestApp({
    ...options,
    env: { REGISTRATIONS_PER_IP_PER_DAY: '100000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '100000', ...options.env },
  });
}

/**
 * A whole app generating through the real Replicate adapter against the fake Replicate server,
 * with a close that stops both.
 */
export async function createReplicateGenerationApp(): Promise<{ t: TestApp; replicate: FakeReplicate; close: () => Promise<void> }> {
  const replicate = await startFakeReplicate();
  const t = await createGenerationApp({ env: { ...replicate.env } });
  return {
    t,
    replicate,
    close: async () => {
      await t.close();
      await replicate.close();
    },
  };
}

/** What a test reads from an app started for its describe block (set in beforeAll). */
export interface GenerationSuite {
  readonly t: TestApp;
}

export interface ReplicateGenerationSuite extends GenerationSuite {
  readonly replicate: FakeReplicate;
}

function startedIn<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the app is started in beforeAll: read it inside a test or hook');
  return value;
}

/** For a describe block: a generation app (createGenerationApp) started before its tests and closed after them. */
export function generationAppForSuite(options: TestAppOptions = {}): GenerationSuite {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createGenerationApp(options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return startedIn(t);
    },
  };
}

/**
 * For a describe block: an app generating through Replicate against the fake Replicate server
 * (createReplicateGenerationApp), started before its tests and closed, both, after them.
 */
export function replicateGenerationAppForSuite(): ReplicateGenerationSuite {
  let started: Awaited<ReturnType<typeof createReplicateGenerationApp>> | undefined;
  beforeAll(async () => {
    started = await createReplicateGenerationApp();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get t() {
      return startedIn(started).t;
    },
    get replicate() {
      return startedIn(started).replicate;
    },
  };
}

export type { Agent };

export interface TestUser {
  id: string;
  email: string;
  agent: Agent;
}

/**
 * A user signed up through the API (so signed in on `agent`), verified, with the credits asked for:
 * the shared fixture's newUser (support/fixtures.ts), as most generation, billing and admin tests
 * want it.
 */
export async function signedInUser(
  t: TestApp,
  credits: { regular?: number; watermarked?: number } = {},
  overrides: { email?: string } = {},
): Promise<TestUser> {
  const { id, email, agent } = await newUser(t, { credits: credits.regular, watermarkedCredits: credits.watermarked, email: overrides.email });
  return { id, email, agent };
}

/** Credits through the ledger (support/fixtures.ts). */
export const grant = grantCredits;

export function balanceOf(t: TestApp, userId: string): Promise<CreditBalance> {
  return t.app.get<CreditsApi>(CREDITS_API).balance(userId);
}

export interface GenerateFields {
  image?: Buffer;
  filename?: string;
  contentType?: string;
  prompt?: string;
  style?: string;
  share?: string;
  mask?: Buffer;
  /** The mask's declared type (its content decides; default image/png). */
  maskContentType?: string;
  /** D38 */
  sourceImageId?: string;
  /** D39 */
  variants?: string;
}

/** POST /api/generate as the browser sends it (multipart). */
export function generate(agent: { post(url: string): request.Test }, fields: GenerateFields): request.Test {
  const req = agent.post('/api/generate');
  if (fields.prompt !== undefined) req.field('prompt', fields.prompt);
  if (fields.style !== undefined) req.field('style', fields.style);
  if (fields.share !== undefined) req.field('share', fields.share);
  if (fields.image) req.attach('image', fields.image, { filename: fields.filename ?? 'photo.jpg', contentType: fields.contentType ?? 'image/jpeg' });
  if (fields.sourceImageId !== undefined) req.field('sourceImageId', fields.sourceImageId);
  if (fields.variants !== undefined) req.field('variants', fields.variants);
  if (fields.mask) req.attach('mask', fields.mask, { filename: 'mask.png', contentType: fields.maskContentType ?? 'image/png' });
  return req;
}

export interface ImageRow {
  id: string;
  user_id: string;
  status: string;
  is_public: boolean;
  is_watermarked: boolean;
  is_saved: boolean;
  saved_at: Date | null;
  expires_at: Date | null;
  model: string | null;
  original_filename: string | null;
  original_mime_type: string | null;
  generated_mime_type: string | null;
  original_bytes: number | null;
  generated_bytes: number | null;
}

const ROW_SQL = `SELECT id, user_id, status, is_public, is_watermarked, is_saved, saved_at, expires_at, model,
                        original_filename, original_mime_type, generated_mime_type,
                        octet_length(original_image_data) AS original_bytes,
                        octet_length(generated_image_data) AS generated_bytes
                   FROM image`;

export async function imageRow(t: TestApp, id: string): Promise<ImageRow | undefined> {
  return (await sql<ImageRow>(t, `${ROW_SQL} WHERE id = $1`, [id]))[0];
}

export function imageRowsOf(t: TestApp, userId: string): Promise<ImageRow[]> {
  return sql<ImageRow>(t, `${ROW_SQL} WHERE user_id = $1 ORDER BY timestamp`, [userId]);
}

export async function ledgerOf(t: TestApp, userId: string) {
  const rows = await sql<{ type: string; credits: number }>(t, `SELECT type, credits FROM credit_transaction WHERE user_id = $1`, [userId]);
  const reservations = await sql<{ status: string; n: number }>(
    t,
    `SELECT status, count(*)::int AS n FROM credit_reservation WHERE user_id = $1 GROUP BY status`,
    [userId],
  );
  return { rows, reservations: Object.fromEntries(reservations.map((r) => [r.status, r.n])) as Record<string, number> };
}

/** Fetches a binary body as a Buffer whatever its content type. */
export function binary(res: request.Response): Buffer {
  return res.body as Buffer;
}

export function binaryParser(res: NodeJS.ReadableStream & { setEncoding(e: string): void }, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
