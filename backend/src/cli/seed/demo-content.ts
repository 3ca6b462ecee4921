import * as path from 'node:path';

/**
 * The community edits `npm run seed` makes: each a sample photo (backend/assets/demo-photos, see
 * its CREDITS.md) edited by the local engine (D10) with a prompt it understands
 * (docs/local-engine.md), shared to the community (D14), and laughed at by that many visitors so
 * the Hall of Fame has an order (D16).
 */
export interface DemoEdit {
  /** The file in DEMO_PHOTOS_DIR; also the upload's name, which tells a seeded edit again. */
  photo: string;
  prompt: string;
  style: 'realistic' | 'cartoon';
  /** Anonymous laughs, from the identifiers `seed-visitor-1` … `seed-visitor-{laughs}`. */
  laughs: number;
}

/** backend/assets/demo-photos, from src/cli/seed and from dist/cli/seed alike. */
export const DEMO_PHOTOS_DIR = path.resolve(__dirname, '..', '..', '..', 'assets', 'demo-photos');

export const DEMO_EDITS: readonly DemoEdit[] = [
  { photo: 'astronaut.png', prompt: 'add snow falling and the caption "One small step for snow"', style: 'realistic', laughs: 7 },
  { photo: 'chelsea.png', prompt: 'give it a cartoon comic look and add the caption "Monday mood"', style: 'realistic', laughs: 5 },
  { photo: 'rocket.jpg', prompt: 'give it a sunset glow and add the caption "Next stop: the beach"', style: 'realistic', laughs: 3 },
  { photo: 'coffee.png', prompt: 'make it rainy and add the caption "Coffee weather"', style: 'realistic', laughs: 2 },
];

/** A browser's laugh identifier (D15: 1-128 letters, digits, `_` or `-`). */
export function visitorIdentifier(n: number): string {
  return `seed-visitor-${n}`;
}

/** The addresses a local browser reaches the app from: whitelisted so sign-ups there are not limited (D19). */
export const LOCAL_ADDRESSES = ['127.0.0.1', '::1'] as const;
