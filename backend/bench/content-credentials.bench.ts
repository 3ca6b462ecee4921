import 'reflect-metadata';
import sharp from 'sharp';
import { loadConfig } from '../src/config/app-config';
import { ContentCredentialsService } from '../src/shared/provenance/content-credentials.service';
import { median } from './support/timing';
import * as path from 'node:path';
import { twelveMegapixelJpeg } from './support/phone-photo';

const PHOTO_PATH = path.resolve(__dirname, '..', 'assets', 'demo-photos', 'coffee.png'); // CC0, Rachel Michetti

const RUNS = Number(process.env.RUNS ?? 10);

/**
 * Issue 28 (D42): what signing an output with content credentials costs, per file, one at a time
 * after a warm-up (the first call also loads the WebAssembly module in the worker): a 12 MP JPEG
 * (a phone photo's output), a 1 MP JPEG, a 1 MP PNG. Prints the medians and the added bytes.
 */
export async function run(): Promise<void> {
  const service = new ContentCredentialsService(loadConfig({ NODE_ENV: 'test' }));
  const provenance = { model: 'black-forest-labs/flux-kontext-max', editedAt: new Date(), parent: { sha256: 'ab'.repeat(32), mimeType: 'image/jpeg' } };
  const twelve = await twelveMegapixelJpeg(PHOTO_PATH, { sigma: 18, resize: { fit: 'fill' } });
  const oneJpeg = await sharp(twelve).resize(1152, 864).jpeg({ quality: 90 }).toBuffer();
  const onePng = await sharp(twelve).resize(1152, 864).png().toBuffer();
  const cases: Array<[string, Buffer, string]> = [
    ['12 MP JPEG', twelve, 'image/jpeg'],
    ['1 MP JPEG', oneJpeg, 'image/jpeg'],
    ['1 MP PNG', onePng, 'image/png'],
  ];
  const firstStarted = performance.now();
  await service.sign(oneJpeg, 'image/jpeg', provenance);
  const first = performance.now() - firstStarted;
  const rows: Array<Record<string, string>> = [];
  for (const [label, bytes, mime] of cases) {
    const ms: number[] = [];
    let signed = bytes;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      signed = await service.sign(bytes, mime, provenance);
      ms.push(performance.now() - started);
    }
    rows.push({ file: label, 'input MB': (bytes.length / 1e6).toFixed(2), 'median ms': median(ms).toFixed(1), 'added KB': ((signed.length - bytes.length) / 1024).toFixed(1) });
  }
  await service.onModuleDestroy();
  console.log(`${RUNS} signatures each, one at a time, one worker thread; the first signature of the process (loads the module): ${first.toFixed(0)} ms`);
  console.table(rows);
}
