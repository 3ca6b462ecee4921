import { cx } from '../lib/cx';
import styles from './needs-ai-model-mark.module.css';

/** The mark on a suggestion the active engine cannot do (issue 15). */
export const NEEDS_AI_MODEL = 'needs the AI model';

/**
 * The "needs the AI model" pill, as the editor's chips and the landing page's example prompts
 * show it. Put inside the button after its words (it brings the space before it), so it is part
 * of the button's name ("… needs the AI model") and a screen reader hears the mark too.
 */
export function NeedsAiModelMark({ className }: { className?: string }) {
  return (
    <>
      {' '}
      <span className={cx(styles.mark, className)}>{NEEDS_AI_MODEL}</span>
    </>
  );
}
