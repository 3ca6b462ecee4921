import { FaqList, type FaqItem } from '../../../shared/ui/faq-list';

/** The pricing FAQ: the policies of 001 §9, the two credit kinds (D2) and who gets My Edits (D7). */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'Do unused subscription credits roll over?',
    answer:
      'Yes. Subscription credits roll over for 1 month: credits you do not use in one billing period can still be used in the next one, then they expire.',
  },
  {
    question: 'Do pay-as-you-go credits expire?',
    answer: 'No. Credits from credit packs never expire.',
  },
  {
    question: 'What are regular and watermarked credits?',
    answer:
      'Regular credits come with a subscription or a credit pack and make watermark-free images. Watermarked credits, like the free credits you get for verifying your e-mail, make images with a watermark. Each edit uses a regular credit when you have one.',
  },
  {
    question: 'What do subscribers get that credit-pack buyers do not?',
    answer:
      'Subscribers get My Edits, a personal collection of their saved images, plus premium styles, image history, credit rollover and community access. Credit packs give watermark-free images but do not include My Edits.',
  },
  {
    question: 'Can I cancel my subscription?',
    answer:
      'Yes, anytime, from your profile. Cancellation takes effect at the end of your billing period and you keep your plan until then. When the subscription ends, the images saved in My Edits are deleted.',
  },
  {
    question: 'Can I switch plans?',
    answer:
      'Yes. An upgrade takes effect at once: you pay the prorated difference and get the extra credits for the rest of the period. A downgrade takes effect at your next renewal.',
  },
  {
    question: 'Can I get a refund?',
    answer: 'All sales are final. Used credits are not refunded.',
  },
  {
    question: 'Can prices change?',
    answer: 'Subscription prices may change. We will tell you at least 30 days before a change.',
  },
  {
    question: 'How fast does support answer?',
    answer: 'Our support team replies within 24 hours. Write to us through the contact page.',
  },
  {
    question: 'Is there a minimum age?',
    answer: 'Yes. You must be at least 13 years old to use Magic Editor.',
  },
];

/** The pricing FAQ as native disclosures (shared/ui/faq-list). */
export function PricingFaq() {
  return <FaqList items={PRICING_FAQ} />;
}
