import { useEffect, useId, useRef } from 'react';
import type { Rendition } from '../../../shared/api/renditions';
import { cx } from '../../../shared/lib/cx';
import { Button } from '../../../shared/ui/button';
import { ImageIcon } from '../../../shared/ui/icons';
import { RenditionImage } from '../../../shared/ui/rendition-image';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { ORIGINAL, type ChainVersion } from '../lib/workflow';
import styles from './version-strip.module.css';

/** A thumbnail is drawn 4rem wide (5rem from 640px): the smallest rendition serves at DPR 2. */
const THUMBNAIL_SIZES = '(min-width: 640px) 80px, 64px';

export interface VersionStripProps {
  /** The uploaded photo as the server keeps it (the chain root's original); null when unknown. */
  original: { src: string; renditions: readonly Rendition[] } | null;
  versions: readonly ChainVersion[];
  /** The index of the version on screen (ORIGINAL for the Original). */
  current: number;
  canUndo: boolean;
  canRedo: boolean;
  onChoose: (index: number) => void;
  onUndo: () => void;
  onRedo: () => void;
}

/** Focus is somewhere that has its own undo (a text field), or in a dialog: the shortcuts leave it alone. */
function ownsUndo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // (jsdom has no isContentEditable; the attribute says the same.)
  if (target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  if (target.closest('[role="dialog"], dialog')) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Checkboxes, radios and buttons have no text to undo.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file', 'color'].includes((target as HTMLInputElement).type);
}

/** Ctrl/Cmd+Z: undo; Shift+Ctrl/Cmd+Z or Ctrl+Y: redo; anything else: null. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

/**
 * Issue 26 (D38): the edit chain as a row of thumbnails, the Original first, then Version 1, 2, …;
 * the one on screen is marked (`aria-current`). Choosing one, Undo and Redo only move along the
 * chain (no request, no credit). Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) do Undo and Redo
 * while focus is not in a text field.
 */
export function VersionStrip({ original, versions, current, canUndo, canRedo, onChoose, onUndo, onRedo }: VersionStripProps) {
  const titleId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  // The handlers of the latest render, for the one document listener.
  const latest = useRef({ canUndo, canRedo, onUndo, onRedo });
  latest.current = { canUndo, canRedo, onUndo, onRedo };

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const shortcut = shortcutOf(event);
      if (!shortcut || event.defaultPrevented || ownsUndo(event.target)) return;
      const { canUndo: undoable, canRedo: redoable, onUndo: undo, onRedo: redo } = latest.current;
      // The browser's own Undo has nothing to do outside a text field; ours takes the keys.
      event.preventDefault();
      if (shortcut === 'undo' && undoable) undo();
      if (shortcut === 'redo' && redoable) redo();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Undo or Redo pressed at the last step it could take is disabled under the focus: the focus
  // goes on to the version now on screen instead of being lost.
  const pressed = useRef<'undo' | 'redo' | null>(null);
  useEffect(() => {
    const which = pressed.current;
    pressed.current = null;
    if ((which === 'undo' && !canUndo) || (which === 'redo' && !canRedo)) {
      listRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    }
  }, [canUndo, canRedo, current]);

  // The current version stays in view in the scrolling row.
  useEffect(() => {
    const item = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const total = versions.length;
  return (
    <section className={styles.strip} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h3 id={titleId} className={styles.title}>
          Versions
        </h3>
        <p className={styles.position} aria-live="polite">
          {current === ORIGINAL ? 'Original' : `Version ${current + 1} of ${total}`}
        </p>
        <div className={styles.buttons}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              pressed.current = 'undo';
              onUndo();
            }}
            disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z">
            Undo
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              pressed.current = 'redo';
              onRedo();
            }}
            disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">
            Redo
          </Button>
        </div>
      </div>
      <ol ref={listRef} className={styles.list}>
        {original ? (
          <li className={styles.item}>
            <button
              type="button"
              className={cx(styles.version, current === ORIGINAL && styles.current)}
              aria-current={current === ORIGINAL ? 'true' : undefined}
              title="Your original photo"
              onClick={() => onChoose(ORIGINAL)}
            >
              <span className={styles.thumb}>
                <RenditionImage
                  src={original.src}
                  renditions={original.renditions.slice(0, 1)}
                  sizes={THUMBNAIL_SIZES}
                  fallbackWidth={80}
                  fallbackHeight={80}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </span>
              <span className={styles.label}>Original</span>
            </button>
          </li>
        ) : null}
        {versions.map((version, index) => {
          const isCurrent = index === current;
          const prompt = version.prompt.trim();
          return (
            <li key={version.id} className={styles.item}>
              <button
                type="button"
                className={cx(styles.version, isCurrent && styles.current)}
                aria-current={isCurrent ? 'true' : undefined}
                title={prompt || undefined}
                onClick={() => onChoose(index)}
              >
                <span className={styles.thumb}>
                  {version.result.imageUrl ? (
                    <RenditionImage
                      src={version.result.imageUrl}
                      renditions={version.result.generatedRenditions.slice(0, 1)}
                      sizes={THUMBNAIL_SIZES}
                      fallbackWidth={80}
                      fallbackHeight={80}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <ImageIcon />
                  )}
                </span>
                <span className={styles.label}>
                  Version {index + 1}
                  {prompt ? <VisuallyHidden>: {prompt}</VisuallyHidden> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
