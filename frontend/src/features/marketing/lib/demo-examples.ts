/**
 * The landing page demo's examples (000 §2 "embedded demo video"). Each "after" picture is the
 * project's own local engine (D10) applied to a sample photo with exactly this prompt, made by
 * backend/scripts/make-landing-demo-assets.ts; photos and licences in public/assets/CREDITS.md.
 */
export interface DemoExample {
  /** The file name the upload screen shows. */
  fileName: string;
  /** What the photo shows, for the text alternative ("a photo of …"). */
  subject: string;
  prompt: string;
  /** What the edit did, for the text alternative. */
  outcome: string;
  before: string;
  after: string;
  width: number;
  height: number;
}

export const DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    fileName: 'chelsea.jpg',
    subject: 'a tabby cat looking into the camera',
    prompt: 'give it a cartoon comic look',
    outcome: 'the same cat drawn as a cartoon, with flat colours and dark outlines',
    before: '/assets/demo/cat-before.webp',
    after: '/assets/demo/cat-after.webp',
    width: 451,
    height: 300,
  },
  {
    fileName: 'coffee.jpg',
    subject: 'a cup of coffee on a wooden table',
    prompt: 'add the caption "Monday fuel" and make the colors warmer',
    outcome: 'the same cup in warmer colours with the caption "Monday fuel" across the bottom',
    before: '/assets/demo/coffee-before.webp',
    after: '/assets/demo/coffee-after.webp',
    width: 600,
    height: 400,
  },
  {
    fileName: 'launch-pad.jpg',
    subject: 'a rocket on its launch pad at night',
    prompt: 'give it a sunset glow and make the lighting more dramatic',
    outcome: 'the same launch pad under an orange sunset sky with deeper shadows',
    before: '/assets/demo/rocket-before.webp',
    after: '/assets/demo/rocket-after.webp',
    width: 640,
    height: 427,
  },
];
