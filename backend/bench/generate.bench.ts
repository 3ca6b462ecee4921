import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from 'pg';
import sharp from 'sharp';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/config/app-config';
import { migrateDatabase } from '../src/database/migrate';
import { CREDITS_API, type CreditsApi } from '../src/modules/credits';
import { LocalImageModel } from '../src/modules/generation/adapters/model/local-image-model.adapter';
import { GenerateImageUseCase } from '../src/modules/generation/application/generate-image.use-case';
import { IMAGE_MODEL, type ImageEditRequest, type ImageModel } from '../src/modules/generation/application/image-model.port';
import { OutputImageService } from '../src/modules/generation/adapters/codecs/output-image.service';
import { UploadCheckService } from '../src/modules/generation/adapters/codecs/upload-check.service';
import { IMAGES_API, type ImagesApi } from '../src/modules/images';
import { parseEditIntents } from '../src/modules/generation/adapters/model/local-engine/edit-intents';
import { applyIntents, decode, encode } from '../src/modules/generation/adapters/model/local-engine-renderer';
import { PROMPT_SUGGESTIONS } from '../src/modules/generation/domain/shared-with-client/prompt-suggestions';
import { watermarkLayout, watermarkSvg } from '../src/modules/generation/domain/watermark';
import { createTestDatabase, type TestDatabase } from '../test/support/database';
import { insertJpegSegments, jpegSegment, orientationExifPayload } from '../test/support/images';
import { withDatabaseServer } from './support/load';
import { postEdit, startEditingApp, verifiedUser } from './support/local-edits';
import { PHONE_HEIGHT as HEIGHT, PHONE_WIDTH as WIDTH, twelveMegapixelJpeg } from './support/phone-photo';
import { median, timed } from './support/timing';

/**
 * Issue 4's generation benchmark, in one run on this machine:
 *  (a) the server-side time of one generation of an upright 12-megapixel JPEG (no ICC profile:
 *      the upload check's lossless fast path) through the real pipeline (GenerateImageUseCase:
 *      prompt filter, upload check D12, image row, credit reserve, model, watermark D2, store,
 *      capture, event) with a pass-through ImageModel, against
 *  (b) sharp alone doing the same decode + orient + watermark + encode once;
 *      printed with the ratio a/b (target ≤ 1.3);
 *  (a') the same for the same JPEG carrying EXIF orientation 6 (the upload check's slow path:
 *      decode, rotate, re-encode), against its own (b'), for information;
 *  (c) the local engine's time for each editor chip on the same 12-megapixel image (target < 2 s);
 *  (d) the event-loop delay p99 of the server while 4 local-engine generations of that image run
 *      at once through the whole pipeline (ADR 0022's worker pool; target ≤ 20 ms), with (d') the
 *      same edits' pixel work on the main thread for comparison;
 *  (e) for information, what (a) must do besides (b), each step alone with the app's own code: the
 *      upload check (D12), the original's renditions from its pixels and the output step with the
 *      generated file's renditions (D31), one 3 MB bytea row written (the original, then the
 *      output: PostgreSQL shares the cores), with the CPU time of this process for each, and the
 *      floors they put under the ratio on this machine (ADR 0022);
 *  (f) issue 26: a chain step (sourceImageId) against an upload step of the same photo.
 * RUNS (default 5) timed runs each after one warm-up, (a) and (b) alternating; medians are reported.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PHOTO = path.resolve(__dirname, '..', 'assets', 'demo-photos', 'coffee.png'); // CC0, Rachel Michetti

/** A 12-megapixel JPEG like a phone photo: the sample photo stretched to 4000x3000, with sensor-like grain. */
function twelveMegapixelPhoto(): Promise<Buffer> {
  return twelveMegapixelJpeg(PHOTO, { sigma: 18, resize: { fit: 'fill' } });
}

/** The same JPEG with an EXIF block saying "rotate 90° clockwise to display" (stored 4000x3000, shown 3000x4000). */
function withOrientation6(jpeg: Buffer): Buffer {
  return insertJpegSegments(jpeg, [jpegSegment(0xe1, orientationExifPayload(6))]);
}

/** (b): what the pipeline must do at the least: decode, orient, watermark, encode. */
async function sharpAlone(input: Buffer, turned: boolean): Promise<Buffer> {
  const layout = turned ? watermarkLayout(HEIGHT, WIDTH) : watermarkLayout(WIDTH, HEIGHT);
  return sharp(input)
    .rotate()
    .composite([{ input: Buffer.from(watermarkSvg(layout)), left: layout.left, top: layout.top }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const passThrough: ImageModel = {
  edit: async (request: ImageEditRequest) => ({ image: request.image, mimeType: request.mimeType, model: 'pass-through', costMicros: 0 }),
};

interface Case {
  label: string;
  input: Buffer;
  turned: boolean;
}

export async function run(): Promise<void> {
  const photo = await twelveMegapixelPhoto();
  let ratioLine = '';
  const cases: Case[] = [
    { label: 'upright', input: photo, turned: false },
    { label: 'EXIF orientation 6', input: withOrientation6(photo), turned: true },
  ];
  console.log(`input: ${WIDTH}x${HEIGHT} JPEG, ${(photo.length / 1e6).toFixed(1)} MB; ${RUNS} timed runs after 1 warm-up; sharp concurrency ${sharp.concurrency()}`);

  let loopFigures: string[] = [];
  let floorLines: string[] = [];
  let chainLines: string[] = [];
  let postLine = '';
  await withDatabaseServer(async () => {
    postLine = await postToJsonAgainstSharp(photo);
    const { app, db } = await startApp({ model: passThrough });
    try {
      // A user with watermarked credits only, so every generation is watermarked (as in (b)).
      const userId = await userWithCredits(app, db.url, cases.length * (RUNS + 1) + 3 + 2 * RUNS);
      const useCase = app.get(GenerateImageUseCase);
      const generate = (input: Buffer) => () =>
        useCase.execute({ userId, image: { buffer: input, originalname: 'photo.jpg' }, prompt: 'make it black and white', style: 'realistic', share: 'false' });

      const rows: Array<Record<string, string | number>> = [];
      const ratios: Array<{ label: string; ratio: number; sharpMs: number }> = [];
      for (const c of cases) {
        // warm-up, then alternate so both see the same machine state
        const first = await generate(c.input)();
        if (!first.watermarked) throw new Error('expected a watermarked generation');
        await sharpAlone(c.input, c.turned);
        const pipelineMs: number[] = [];
        const sharpMs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          pipelineMs.push((await timed(generate(c.input)))[0]);
          sharpMs.push((await timed(() => sharpAlone(c.input, c.turned)))[0]);
        }
        const a = median(pipelineMs);
        const b = median(sharpMs);
        const prime = c.turned ? "'" : '';
        rows.push(
          { target: `(a${prime}) ${c.label}: GenerateImageUseCase, pass-through model, watermarked`, 'median ms': Math.round(a), runs: pipelineMs.map(Math.round).join(' ') },
          { target: `(b${prime}) ${c.label}: sharp decode + orient + watermark + encode`, 'median ms': Math.round(b), runs: sharpMs.map(Math.round).join(' ') },
        );
        ratios.push({ label: `(a${prime}) / (b${prime}) ${c.label}`, ratio: a / b, sharpMs: b });
      }
      console.log('\n(a) pipeline vs (b) sharp alone, one 12-megapixel JPEG (median ms)');
      console.table(rows);
      const [upright, turned] = ratios;
      // Issue 4's target of 1.3 is retired (issue 29): what a user waits for is (g).
      ratioLine = `ratio ${upright.label}: ${upright.ratio.toFixed(2)} (information; issue 4's target of 1.3 is retired for (g))`;
      console.log(ratioLine);
      console.log(`ratio ${turned.label}: ${turned.ratio.toFixed(2)} (information: the upload check's slow path re-encodes)`);
      chainLines = await chainStepAgainstUploadStep(useCase, userId, photo);
      floorLines = await whatTheRatioAlsoPays(app, db.url, photo, upright.sharpMs);
    } finally {
      await app.close();
      await db.drop();
    }
    loopFigures = await eventLoopDuringLocalGenerations(photo);
  });

  // (c) the local engine, each chip on the 12-megapixel JPEG
  const engine = new LocalImageModel();
  await engine.edit({ image: photo, mimeType: 'image/jpeg', prompt: 'make it warmer', style: 'realistic' }); // warm-up
  const rows: Array<Record<string, string | number>> = [];
  let slowest = 0;
  for (const chip of PROMPT_SUGGESTIONS) {
    if (parseEditIntents(chip).length === 0) {
      rows.push({ chip, intents: '(refused: 422)', 'ms': '-', 'under 2 s': '-' });
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < 2; i++) times.push((await timed(() => engine.edit({ image: photo, mimeType: 'image/jpeg', prompt: chip, style: 'realistic' })))[0]);
    const ms = median(times);
    slowest = Math.max(slowest, ms);
    rows.push({ chip, intents: parseEditIntents(chip).map((x) => x.kind).join('+'), ms: Math.round(ms), 'under 2 s': ms < 2000 ? 'yes' : 'NO' });
  }
  console.log('\n(c) local engine per chip, 12-megapixel JPEG in → JPEG out (median of 2, ms)');
  console.table(rows);
  console.log(`slowest chip: ${Math.round(slowest)} ms (target < 2000)`);

  console.log('\nsummary');
  console.log(postLine);
  console.log(ratioLine);
  for (const line of chainLines) console.log(line);
  for (const line of floorLines) console.log(line);
  for (const line of loopFigures) console.log(line);
}

/**
 * (g) issue 29: what a user waits for. A local 12-megapixel edit (the "make it black and white"
 * chip, the local engine, watermarked: a new user's free credits) through the built app as
 * production runs it, from sending POST /api/generate to the parsed JSON, against sharp's decode +
 * orient + encode of the same photo in this process, alternating, in the same run. Target ≤ 2.0.
 */
async function postToJsonAgainstSharp(photo: Buffer): Promise<string> {
  const app = await startEditingApp();
  try {
    const sharpOnce = () => sharp(photo).rotate().jpeg({ quality: 90 }).toBuffer();
    const cookies: string[] = [];
    for (let i = 0; i < Math.ceil((RUNS + 1) / 2); i++) cookies.push(await verifiedUser(app));
    const edit = (n: number) => postEdit(app, cookies[Math.floor(n / 2)], photo, 'make it black and white');
    await edit(0); // warm-up
    await sharpOnce();
    const postMs: number[] = [];
    const sharpMs: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      postMs.push(await edit(i));
      sharpMs.push((await timed(sharpOnce))[0]);
    }
    const a = median(postMs);
    const b = median(sharpMs);
    console.log('\n(g) a local 12-megapixel edit, POST /api/generate → JSON (built app), against sharp decode + orient + encode (median ms)');
    console.table([
      { target: '(g) POST → JSON, local engine, watermarked', 'median ms': Math.round(a), runs: postMs.map(Math.round).join(' ') },
      { target: "(g') sharp decode + orient + encode, same photo", 'median ms': Math.round(b), runs: sharpMs.map(Math.round).join(' ') },
    ]);
    const ratio = a / b;
    const line = `ratio (g) / (g'): ${ratio.toFixed(2)} (target ≤ 2.0: ${ratio <= 2 ? 'met' : 'NOT met'})`;
    console.log(line);
    return line;
  } finally {
    await app.stop();
  }
}

/**
 * (f) issue 26: a chain step (`sourceImageId`: the model gets the previous step's watermark-free
 * master, no upload check, the new original's renditions from one scaled decode) against an upload
 * step of the same 12-megapixel photo, both watermarked, alternating; target: the chain step is not
 * slower.
 */
async function chainStepAgainstUploadStep(useCase: GenerateImageUseCase, userId: string, photo: Buffer): Promise<string[]> {
  const common = { userId, prompt: 'make it black and white', style: 'realistic', share: 'false' };
  const upload = () => useCase.execute({ ...common, image: { buffer: photo, originalname: 'photo.jpg' } });
  const root = await upload();
  if (!root.watermarked) throw new Error('expected a watermarked generation (the chain must start from a master)');
  const chain = () => useCase.execute({ ...common, sourceImageId: root.id });
  await chain(); // warm-up
  const uploadMs: number[] = [];
  const chainMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    uploadMs.push((await timed(upload))[0]);
    chainMs.push((await timed(chain))[0]);
  }
  const u = median(uploadMs);
  const c = median(chainMs);
  console.log('\n(f) a chain step (sourceImageId) against an upload step, the same 12-megapixel JPEG, watermarked (median ms)');
  console.table([
    { step: 'upload step (image)', 'median ms': Math.round(u), runs: uploadMs.map(Math.round).join(' ') },
    { step: 'chain step (sourceImageId)', 'median ms': Math.round(c), runs: chainMs.map(Math.round).join(' ') },
  ]);
  const line = `chain step / upload step: ${(c / u).toFixed(2)} (${Math.round(c)} ms / ${Math.round(u)} ms; target ≤ 1.00: ${c <= u ? 'met' : 'NOT met'})`;
  console.log(line);
  return [line];
}

/** Wall and CPU (this process: main thread and libuv's threads) milliseconds of `fn`, medians of RUNS after a warm-up. */
async function costOf(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  await fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    walls.push((await timed(fn))[0]);
    const used = process.cpuUsage(before);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/**
 * (e) ADR 0022: the work (a) does that (b) does not, each step alone, and the floors it sets. The
 * serial floor keeps the documented order (check before any row, D12; the output after the model;
 * the completion after the output). The 2-core floor assumes perfect overlap of all CPU work.
 */
async function whatTheRatioAlsoPays(app: INestApplication, dbUrl: string, photo: Buffer, b: number): Promise<string[]> {
  const uploads = app.get(UploadCheckService);
  const outputs = app.get(OutputImageService);
  const checked = await uploads.check(photo);
  const pixels = checked.renditionPixels;
  if (!pixels) throw new Error('expected the upload check fast path');
  const check = await costOf(() => uploads.check(photo));
  const images = app.get<ImagesApi>(IMAGES_API);
  const originalRenditions = await costOf(() => images.renditionsFromPixels(pixels, checked.width));
  const outputAlone = await costOf(async () => {
    const prepared = await outputs.prepare(photo, { watermark: true });
    await prepared.renditions;
  });
  const pg = new Client({ connectionString: dbUrl });
  await pg.connect();
  let write: { wall: number; cpu: number };
  try {
    // Like image.original_image_data / generated_image_data: bytea with STORAGE EXTERNAL.
    await pg.query('CREATE TEMP TABLE bench_bytes (id serial PRIMARY KEY, data bytea); ALTER TABLE bench_bytes ALTER COLUMN data SET STORAGE EXTERNAL');
    write = await costOf(() => pg.query('INSERT INTO bench_bytes (data) VALUES ($1)', [checked.bytes]));
  } finally {
    await pg.end();
  }
  const rows = [
    { step: 'upload check (D12: headers, strip, full decode at rendition size)', 'wall ms': Math.round(check.wall), 'cpu ms': Math.round(check.cpu) },
    { step: "original's 3 WebP renditions from those pixels (D31)", 'wall ms': Math.round(originalRenditions.wall), 'cpu ms': Math.round(originalRenditions.cpu) },
    { step: "output step with the generated file's renditions (its (b) plus D31)", 'wall ms': Math.round(outputAlone.wall), 'cpu ms': Math.round(outputAlone.cpu) },
    { step: `one ${(checked.bytes.length / 1e6).toFixed(1)} MB bytea row written (twice per generation: original, output)`, 'wall ms': Math.round(write.wall), 'cpu ms': '(PostgreSQL)' },
  ];
  console.log(`\n(e) what (a) does besides (b), each step alone (median of ${RUNS}; cpu: this process, all threads)`);
  console.table(rows);
  const serialFloor = check.wall + write.wall + b + write.wall;
  const work = check.cpu + originalRenditions.cpu + outputAlone.cpu + 2 * write.wall;
  const cores = availableParallelism();
  return [
    `floor in the documented order, without renditions (check + row + (b) + completion): ${Math.round(serialFloor)} ms, ratio ${(serialFloor / b).toFixed(2)}`,
    `floor with every step overlapped on ${cores} cores (all work / cores, renditions included): ${Math.round(work / cores)} ms, ratio ${(work / cores / b).toFixed(2)}`,
  ];
}

async function startApp(options: { model?: ImageModel; env?: Record<string, string> }): Promise<{ app: INestApplication; db: TestDatabase }> {
  const db = await createTestDatabase('bench');
  let builder = Test.createTestingModule({
    imports: [
      AppModule.register({
        config: loadConfig({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          DATABASE_URL: db.url,
          SESSION_SECRET: 'x'.repeat(40),
          FRONTEND_DIST_DIR: '/nonexistent',
          LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
          C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true',
          ...options.env,
        }),
        databaseUrl: db.url,
      }),
    ],
  });
  if (options.model) builder = builder.overrideProvider(IMAGE_MODEL).useValue(options.model);
  const moduleRef = await builder.compile();
  await migrateDatabase(db.url);
  const app = moduleRef.createNestApplication({ logger: false });
  app.useWebSocketAdapter(new WsAdapter(app)); // else Nest looks for socket.io and exits (STACK.md)
  await app.init();
  return { app, db };
}

async function userWithCredits(app: INestApplication, dbUrl: string, credits: number, kind: 'watermarked' | 'regular' = 'watermarked'): Promise<string> {
  const userId = randomUUID();
  const pg = new Client({ connectionString: dbUrl });
  await pg.connect();
  await pg.query(`INSERT INTO "user" (id, username, email, password, email_verified) VALUES ($1, $2, $3, 'x', true)`, [
    userId,
    `bench_${userId.slice(0, 8)}`,
    `bench_${userId.slice(0, 8)}@example.com`,
  ]);
  await pg.end();
  await app.get<CreditsApi>(CREDITS_API).grant({
    userId,
    credits,
    kind,
    type: 'grant',
    sourceType: 'verification',
    description: 'benchmark',
    idempotencyKey: `bench:${userId}`,
    expiresAt: null,
  });
  return userId;
}

const LOOP_CHIPS = ['add snow falling', 'give it a cartoon comic look', 'make the lighting more dramatic', 'change the background to a beach at sunset'];

/**
 * (d) ADR 0022: the event-loop delay of the server (this process: the app runs in it) while 4
 * local-engine generations of the 12-megapixel JPEG run at once through the whole pipeline (real
 * LocalImageModel in its worker pool, upload check, output, renditions, storage), measured with
 * perf_hooks.monitorEventLoopDelay; target p99 ≤ 20 ms. (d') for comparison, the same 4 edits
 * with the engine's pixel work on the main thread, as before the pool.
 */
async function eventLoopDuringLocalGenerations(photo: Buffer): Promise<string[]> {
  const { app, db } = await startApp({ env: { GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '4', GENERATION_MAX_IN_FLIGHT_PER_USER: '4' } });
  let pooled: LoopDelay;
  try {
    const userId = await userWithCredits(app, db.url, LOOP_CHIPS.length * (RUNS + 1) + 1, 'regular');
    const useCase = app.get(GenerateImageUseCase);
    const generate = (prompt: string) => useCase.execute({ userId, image: { buffer: photo, originalname: 'photo.jpg' }, prompt, style: 'realistic', share: 'false' });
    await generate('make it warmer'); // warm-up: the first worker thread starts
    pooled = await loopDelayWhile(() => Promise.all(LOOP_CHIPS.map(generate)));
  } finally {
    await app.close();
    await db.drop();
  }
  const inline = await loopDelayWhile(() =>
    Promise.all(LOOP_CHIPS.map(async (chip) => encode(await applyIntents(await decode(photo), parseEditIntents(chip)), 'image/jpeg'))),
  );
  const rows = [
    { target: '(d) 4 local-engine generations at once (worker pool), whole pipeline', ...pooled.row },
    { target: "(d') the same 4 edits' pixel work on the main thread (before ADR 0022)", ...inline.row },
  ];
  console.log(`\n(d) event-loop delay while 4 local-engine generations of a 12-megapixel JPEG run (LOCAL_ENGINE_THREADS default, ${availableParallelism()} cores)`);
  console.table(rows);
  return [
    `event-loop delay p99 during 4 local-engine generations: ${pooled.p99.toFixed(1)} ms, max ${pooled.max.toFixed(1)} ms (target p99 ≤ 20 ms: ${pooled.p99 <= 20 ? 'met' : 'NOT met'}); on the main thread it was p99 ${inline.p99.toFixed(1)} ms, max ${inline.max.toFixed(1)} ms`,
  ];
}

interface LoopDelay {
  p99: number;
  max: number;
  row: Record<string, string | number>;
}

async function loopDelayWhile(work: () => Promise<unknown>): Promise<LoopDelay> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const [ms] = await timed(work);
  histogram.disable();
  const p = (q: number) => histogram.percentile(q) / 1e6;
  return {
    p99: p(99),
    max: histogram.max / 1e6,
    row: { 'wall ms': Math.round(ms), 'p50 ms': +p(50).toFixed(1), 'p99 ms': +p(99).toFixed(1), 'max ms': +(histogram.max / 1e6).toFixed(1), samples: histogram.count },
  };
}
