import { cx } from '../lib/cx';
import styles from './ai-edited-badge.module.css';

/** D42 (EU AI Act Art. 50): the label every generated image carries where it is listed or shown. */
export const AI_EDITED = 'AI-edited';

/** What the label means, for assistive technology and as the tooltip. */
export const AI_EDITED_DESCRIPTION = 'Edited with AI; this image carries Content Credentials';

/**
 * The alt text of a generated image (D42): "AI-edited: {text}" where the alt was the prompt (or
 * another text), "AI-edited image" where there is none. Originals (the uploaded photo) keep theirs.
 */
export function aiEditedAlt(text: string): string {
  const trimmed = text.trim();
  return trimmed ? `${AI_EDITED}: ${trimmed}` : `${AI_EDITED} image`;
}

export interface AiEditedBadgeProps {
  /**
   * Laid over the image's bottom-left corner (the watermark of a free credit is bottom-right):
   * the parent is positioned (`position: relative`) and the badge is the image link's sibling, so
   * it never joins the link's name and never makes the card wider.
   */
  overlay?: boolean;
  className?: string;
}

/** The class of a frame that gets an overlaid badge beside its image link (see ImageFigure). */
export const aiEditedAnchorClass = styles.anchor;

/**
 * D42: the small "AI-edited" pill on every generated image (never on an original). Its text says
 * it (not colour only); its description says what it means. Dark text on an opaque white pill, so
 * its contrast does not depend on the picture under it.
 */
export function AiEditedBadge({ overlay = false, className }: AiEditedBadgeProps) {
  return (
    <span className={cx(styles.badge, overlay && styles.overlay, className)} title={AI_EDITED_DESCRIPTION}>
      {AI_EDITED}
    </span>
  );
}
