import type { EngineCapability } from '../api/editor.api';
import { cx } from '../../../shared/lib/cx';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import chipStyles from './prompt-chip.module.css';
import styles from './local-engine-dialog.module.css';

export interface LocalEngineDialogProps {
  open: boolean;
  capabilities: readonly EngineCapability[];
  onClose: () => void;
  /** Puts the example prompt in the prompt field. */
  onUse: (prompt: string) => void;
}

/** The dialog's title: what the prompt step's links open (issue 15). */
export const LOCAL_ENGINE_DIALOG_TITLE = 'What works locally';

/**
 * Issue 15: the list of what the local engine can do (served by the API with an example each),
 * opened from the prompt step's "See what works locally". Choosing an example fills the prompt.
 */
export function LocalEngineDialog({ open, capabilities, onClose, onUse }: LocalEngineDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={LOCAL_ENGINE_DIALOG_TITLE}
      description="This server edits photos without the AI model. It can do these edits; choose an example to use it."
    >
      <ul className={styles.list}>
        {capabilities.map((capability) => (
          <li key={capability.name} className={styles.item}>
            <span className={styles.name}>{capability.name}</span>
            <button type="button" className={cx(chipStyles.chip, styles.example)} onClick={() => onUse(capability.example)}>
              {capability.example}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.note}>Anything else (other scenes, clothes, removing people) needs the AI model.</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
