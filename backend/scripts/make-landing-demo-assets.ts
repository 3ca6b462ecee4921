/**
 * Makes the landing page's demo pictures (frontend/public/assets/demo/): for each sample photo of
 * backend/assets/demo-photos (or SAMPLE_PHOTOS) a "before" (the photo) and an "after" made by the
 * project's own local engine (D10) from the prompt the demo types, both as small WebP files. Run
 * once, commit the outputs:
 *   cd backend && TS_NODE_TRANSPILE_ONLY=true node -r ts-node/register scripts/make-landing-demo-assets.ts
 * The prompts must stay the ones in frontend/src/features/marketing/lib/demo-examples.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { LocalImageModel } from '../src/modules/generation/adapters/model/local-image-model.adapter';

const PHOTOS = process.env.SAMPLE_PHOTOS ?? path.resolve(__dirname, '..', 'assets', 'demo-photos');
const OUT = path.resolve(__dirname, '..', '..', 'frontend', 'public', 'assets', 'demo');
/** Wide enough for the demo frame on a desktop and a 2x phone; the photos are 451-640 px wide. */
const WIDTH = 640;

const EXAMPLES = [
  { name: 'cat', photo: 'chelsea.png', prompt: 'give it a cartoon comic look' },
  { name: 'coffee', photo: 'coffee.png', prompt: 'add the caption "Monday fuel" and make the colors warmer' },
  { name: 'rocket', photo: 'rocket.jpg', prompt: 'give it a sunset glow and make the lighting more dramatic' },
] as const;

async function webp(image: Buffer): Promise<Buffer> {
  return sharp(image).resize({ width: WIDTH, withoutEnlargement: true }).webp({ quality: 72, effort: 6 }).toBuffer();
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const engine = new LocalImageModel();
  for (const example of EXAMPLES) {
    const original = await sharp(path.join(PHOTOS, example.photo)).rotate().jpeg({ quality: 92 }).toBuffer();
    const edited = await engine.edit({ image: original, mimeType: 'image/jpeg', prompt: example.prompt, style: 'realistic' });
    const before = await webp(original);
    const after = await webp(edited.image);
    const { width, height } = await sharp(before).metadata();
    fs.writeFileSync(path.join(OUT, `${example.name}-before.webp`), before);
    fs.writeFileSync(path.join(OUT, `${example.name}-after.webp`), after);
    console.log(`${example.name}: ${width}x${height}, before ${before.length} B, after ${after.length} B ("${example.prompt}")`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
