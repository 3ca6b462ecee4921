import { useRef, useState } from 'react';
import { notifyError } from '../../../shared/ui/notify';
import type { SavedImage } from '../api/my-edits.api';
import { downloadImage } from '../lib/download-image';

/** Download on a My Edits card (001 §7, §8): one download at a time; a failure is said in a toast. */
export function useDownload(image: SavedImage) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  async function download() {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await downloadImage(image.downloadUrl, image.id);
    } catch {
      notifyError('Download failed', { description: 'Could not download the image. Please try again.' });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return { pending, download: () => void download() };
}
