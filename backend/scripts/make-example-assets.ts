/**
 * Makes the editor's example before/after pair (000 §2 step 2: /assets/original.jpg and
 * /assets/edited.png) from a CC0 photo, the "after" by the project's own local engine (D10).
 * Run once, commit the outputs:
 *   cd backend && TS_NODE_TRANSPILE_ONLY=true node -r ts-node/register scripts/make-example-assets.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { LocalImageModel } from '../src/modules/generation/adapters/model/local-image-model.adapter';

const PHOTO = process.env.EXAMPLE_PHOTO ?? path.resolve(__dirname, '..', 'assets', 'demo-photos', 'chelsea.png');
const PROMPT = 'add snow falling and make the colors warmer';
const OUT = path.resolve(__dirname, '..', '..', 'frontend', 'public', 'assets');

const CREDITS = `# Credits for the example images

\`original.jpg\` and \`edited.png\` (the before/after pair on the editor's "Magic Image Editor" card)
are made by \`backend/scripts/make-example-assets.ts\` from this photograph:

| file | what | licence |
|---|---|---|
| chelsea.png | Chelsea the cat | CC0, photographer Stefan van der Walt (as stated by scikit-image, which ships it) |

\`original.jpg\` is the photograph re-encoded as JPEG. \`edited.png\` is Magic Editor's local engine
(D10, no AI model) applied to it with the prompt "${PROMPT}".
`;

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const original = await sharp(PHOTO).rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  const edited = await new LocalImageModel().edit({ image: original, mimeType: 'image/jpeg', prompt: PROMPT, style: 'realistic' });
  const png = await sharp(edited.image).png({ compressionLevel: 9 }).toBuffer();
  fs.writeFileSync(path.join(OUT, 'original.jpg'), original);
  fs.writeFileSync(path.join(OUT, 'edited.png'), png);
  // Keep the sections other assets added below this script's own (e.g. "## Landing page images").
  const creditsFile = path.join(OUT, 'CREDITS.md');
  const existing = fs.existsSync(creditsFile) ? fs.readFileSync(creditsFile, 'utf8') : '';
  const rest = existing.indexOf('\n## ');
  fs.writeFileSync(creditsFile, rest >= 0 ? `${CREDITS}${existing.slice(rest)}` : CREDITS);
  console.log(`wrote ${path.join(OUT, 'original.jpg')} (${original.length} bytes), edited.png (${png.length} bytes), CREDITS.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
