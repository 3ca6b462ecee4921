import { useId, useRef, useState, type ChangeEvent, type DragEvent, type Ref } from 'react';
import { cx } from '../../../shared/lib/cx';
import { Button } from '../../../shared/ui/button';
import { ChevronRightIcon, ImageIcon, UploadIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { useObjectUrl } from '../hooks/use-object-url';
import { useTouchFirst } from '../hooks/use-touch-first';
import { ACCEPTED_IMAGE_TYPES, checkUpload, formatFileSize } from '../lib/upload';
import { StepPanel } from './step-panel';
import styles from './upload-step.module.css';

export interface UploadStepProps {
  image: File | null;
  onSelect: (image: File) => void;
  onRemove: () => void;
  onContinue: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** What the drop zone says on a computer, and on a phone (issue 15: nothing to drag there). */
export const DROP_TITLE = 'Drag and drop your photo here';
export const TAP_TITLE = 'Tap to choose a photo';

/**
 * Step 1 (000 §2, §5): drag and drop or browse; JPG and PNG only; preview, Remove, Continue. On a
 * touch-first device (coarse pointer or a phone-narrow screen) it asks to tap instead.
 */
export function UploadStep({ image, onSelect, onRemove, onContinue, headingRef }: UploadStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(image);
  const hintId = useId();
  const touchFirst = useTouchFirst();

  function take(files: FileList | null | undefined) {
    const file = files?.[0];
    if (!file) return;
    const check = checkUpload(file);
    if (!check.ok) {
      notifyError(check.title, { description: check.message });
      return;
    }
    onSelect(file);
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files);
    // The same file can be chosen again after a Remove.
    event.target.value = '';
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  return (
    <StepPanel
      eyebrow="Step 1 of 4"
      title="Upload Photo"
      description="Pick the photo you want to change."
      headingRef={headingRef}
    >
      {image ? (
        <figure className={styles.preview}>
          <div className={styles.previewFrame}>
            {previewUrl ? (
              <img src={previewUrl} alt={`Your photo: ${image.name}`} className={styles.previewImage} />
            ) : (
              <ImageIcon width={40} height={40} />
            )}
          </div>
          <figcaption className={styles.previewCaption}>
            <span className={styles.fileName}>{image.name}</span>
            <span className={styles.fileSize}>{formatFileSize(image.size)}</span>
          </figcaption>
          <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${image.name}`}>
            Remove
          </Button>
        </figure>
      ) : (
        <div
          className={cx(styles.dropZone, dragging && styles.dragging)}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          role="group"
          aria-label="Photo drop zone"
        >
          <span className={styles.dropIcon} aria-hidden="true">
            <UploadIcon width={28} height={28} />
          </span>
          <p className={styles.dropTitle}>{touchFirst ? TAP_TITLE : DROP_TITLE}</p>
          {touchFirst ? null : (
            <p className={styles.or} aria-hidden="true">
              or
            </p>
          )}
          <Button variant="primary" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
            Browse Files
          </Button>
          <p id={hintId} className={styles.hint}>
            JPG or PNG, up to 10 MB
          </p>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className={styles.fileInput}
            aria-label="Photo to edit"
            tabIndex={-1}
            onChange={onInputChange}
          />
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="primary" onClick={onContinue} disabled={!image}>
          Continue
          <ChevronRightIcon />
        </Button>
      </div>
    </StepPanel>
  );
}
