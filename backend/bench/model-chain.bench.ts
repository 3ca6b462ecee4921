import 'reflect-metadata';
import sharp from 'sharp';
import { CHAIN_MODELS, type ChainModels } from '../src/modules/generation/application/chain-models';
import { IMAGE_MODEL, type ImageEditRequest, type ImageModel } from '../src/modules/generation/application/image-model.port';
import { FLUX_2_PRO, KONTEXT_PRO, NANO_BANANA } from '../src/modules/generation/domain/model-catalogue';
import { startFakeReplicate } from '../test/support/fake-replicate';
import { createTestApp } from '../test/support/test-app';
import { withDatabaseServer } from './support/load';
import { median } from './support/timing';

const RUNS = Number(process.env.RUNS ?? 40);

/**
 * Issue 27 (D41): what the model chain adds to a model call. Against a local fake of Replicate
 * (FLUX.2 [pro] → Nano Banana → Kontext Pro), times RUNS calls each, one at a time, after a
 * warm-up, and prints the medians:
 *  (a) FLUX.2 [pro]'s adapter alone (create, poll, fetch the output);
 *  (b) the chain (IMAGE_MODEL): the shared state read, the same call, the attempt recorded;
 *  (c) the chain when the first vendor fails: its failed call and the second vendor's call in
 *      the same generation (what a user waits for during an outage, before the skip window).
 * (b) − (a) is the chain's own cost per generation (its database work).
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const fake = await startFakeReplicate();
    const t = await createTestApp({ env: { ...fake.env, MODEL_CHAIN: `${FLUX_2_PRO},${NANO_BANANA},${KONTEXT_PRO}`, FALLBACK_FAILURE_THRESHOLD: '1000000' } });
    try {
      const image = await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
      const request: ImageEditRequest = { image, mimeType: 'image/jpeg', prompt: 'change the background to a beach at sunset', style: 'realistic' };
      const chain = t.app.get<ImageModel>(IMAGE_MODEL, { strict: false });
      const flux = t.app.get<ChainModels>(CHAIN_MODELS, { strict: false }).byId.get(FLUX_2_PRO)!;
      const time = async (call: () => Promise<unknown>): Promise<number[]> => {
        await call();
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await call();
          ms.push(performance.now() - started);
        }
        return ms;
      };
      const alone = await time(() => flux.edit(request));
      const chained = await time(() => chain.edit(request));
      fake.setDefaultFor(FLUX_2_PRO, { kind: 'fail', error: 'E004: Service is temporarily unavailable. Please try again later.' });
      const failover = await time(() => chain.edit(request));
      const [a, b, c] = [median(alone), median(chained), median(failover)];
      console.log(`${RUNS} calls each, one at a time, 1024x768 JPEG, fake Replicate on this machine (median ms)`);
      console.table([
        { target: '(a) FLUX.2 [pro] adapter alone', 'median ms': a.toFixed(1) },
        { target: '(b) the chain, first model answers', 'median ms': b.toFixed(1) },
        { target: '(c) the chain, first vendor fails, second answers', 'median ms': c.toFixed(1) },
      ]);
      console.log(`chain's own cost per generation (b − a): ${(b - a).toFixed(1)} ms; failover (c) / (a): ${(c / a).toFixed(2)}`);
    } finally {
      await t.close();
      await fake.close();
    }
  });
}
