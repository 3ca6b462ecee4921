import { cx } from '../../../shared/lib/cx';
import cardText from '../../../shared/ui/card-text.module.css';
import shared from './community-card-shared.module.css';

/**
 * The text classes both community cards share: the prompt on two lines of fixed height, the
 * prompt's row (the prompt, and Report at its end), the details line, the style pill, and a
 * spread row (details on one side, laugh or live badge on the other). Each card adds its own
 * class beside these where it needs more.
 */
export const communityCardText = {
  prompt: cx(cardText.twoLines, shared.prompt),
  promptRow: shared.promptRow,
  spread: shared.spread,
  details: cardText.details,
  style: cardText.styleTag,
} as const;
