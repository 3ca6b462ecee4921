/*
 * The landing page's copy (000 §1-§2). Claims stay within what the product does: 10-20 second
 * edits (000 §1 marketing figure), JPG/PNG up to 10 MB (D12), 2 watermarked credits after e-mail
 * verification (D1), paid credits without watermark (D2), no credit spent on a failed edit (D4),
 * edits shared to the community unless switched off (D14).
 */

export const STEPS = [
  { title: 'Upload a photo', text: 'Any JPG or PNG from your phone or computer, up to 10 MB.' },
  {
    title: 'Write a sentence',
    text: 'Say what should change: a new background, a different outfit, something added or removed.',
  },
  {
    title: 'Get magic edits',
    text: 'Your edited image arrives in about 10-20 seconds, ready to download and share.',
  },
] as const;

/** Prompts from the editor's suggestion chips (000 §2 step 3), grouped by the kind of edit. */
export const EXAMPLE_PROMPTS = [
  { kind: 'Background swap', prompt: 'change the background to a beach at sunset' },
  { kind: 'Outfit change', prompt: 'put the girl in a black dress' },
  { kind: 'Object removal', prompt: 'remove the person on the left' },
  { kind: 'Added elements', prompt: 'add snow falling' },
  { kind: 'Mood and light', prompt: 'make the lighting more dramatic' },
  { kind: 'Photo style', prompt: 'turn it into a vintage sepia photo' },
] as const;

export type FeatureIcon = 'zap' | 'pencil' | 'image' | 'sparkles' | 'shield' | 'credit-card';

export const FEATURES: readonly { icon: FeatureIcon; title: string; text: string }[] = [
  {
    icon: 'zap',
    title: 'Results in 10-20 seconds',
    text: 'Press Generate and watch the progress screen: most edits are ready in 10-20 seconds.',
  },
  {
    icon: 'pencil',
    title: 'Plain-English prompts',
    text: 'No layers, masks or sliders. Describe the change in one sentence, or start from one of 12 suggestions.',
  },
  {
    icon: 'image',
    title: 'Backgrounds, outfits, objects',
    text: 'Swap the scenery, change what someone is wearing, remove a photobomber or add something silly.',
  },
  {
    icon: 'sparkles',
    title: 'Download, share, try again',
    text: 'Keep the result, send a link, or regenerate with the same prompt until it is just right.',
  },
  {
    icon: 'shield',
    title: 'Private processing',
    text: 'Your photos are processed privately and never used to train AI. Switch off sharing to keep an edit out of the community feed.',
  },
  {
    icon: 'credit-card',
    title: 'Pay only for results',
    text: 'Each edit uses one credit and a failed edit costs nothing. Paid credits give you images without a watermark.',
  },
];

/*
 * SAMPLE COPY: these testimonials are placeholders written for the layout, not quotes from real
 * customers. Replace them with real, attributed quotes (with the people's permission) before
 * launch, or remove the section.
 */
export const TESTIMONIALS = [
  {
    quote:
      'I put our team photo on a beach for the office newsletter. The first wording was too vague; the second try was exactly what I pictured.',
    name: 'Priya',
    role: 'Community manager',
  },
  {
    quote:
      'My group chat now expects a snowy version of every photo I post. The free credits were enough to find out whether I liked it.',
    name: 'Marco',
    role: 'Student',
  },
  {
    quote:
      'For small jobs like a brighter background on a product photo it is quicker than opening an editing app.',
    name: 'Jen',
    role: 'Runs a small online shop',
  },
] as const;

/** 000 §2 "FAQ content". */
export const FAQ = [
  {
    question: 'Is there a limit on how many edits I can make?',
    answer:
      'No, there is no limit on the number of edits. Each edit uses one credit, and you can top up with a credit pack or a monthly plan whenever you like.',
  },
  {
    question: 'What happens to my photos?',
    answer:
      'Your photos are processed privately and are never used to train AI models. Edits appear in the community feed only while "Share to community" is switched on in the editor; switch it off to keep an edit to yourself.',
  },
  {
    question: 'How long does an edit take?',
    answer: 'Generation takes about 10-20 seconds from pressing Generate Image to seeing your result.',
  },
  {
    question: 'Which photos can I upload?',
    answer: 'JPG and PNG photos, up to 10 MB each.',
  },
  {
    question: 'Can I use my edits commercially?',
    answer:
      'Yes, commercial use is allowed. Please upload only photos you have the right to use. Edits made with free credits carry a watermark; paid credits give you watermark-free images.',
  },
  {
    question: 'What do I get for free?',
    answer:
      'Verify your e-mail address and you get 2 free credits, enough for 2 edits. Images made with free credits carry a small watermark. No credit card is needed to sign up.',
  },
] as const;
