/**
 * 000 §5 "Upload": only image/jpeg and image/png are accepted. The server decides by content
 * (D12) and also refuses files over 10 MB; checking here first saves an upload that would fail.
 * The texts are the server's own (the generation contract), so the user reads the same words.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** D12: at most 10 MB (the server's default UPLOAD_MAX_BYTES). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UNSUPPORTED_TYPE_MESSAGE = 'Only JPG and PNG images are supported.';
export const TOO_LARGE_MESSAGE = 'The image is larger than 10 MB.';

export type UploadCheck = { ok: true } | { ok: false; title: string; message: string };

export function checkUpload(file: File): UploadCheck {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, title: 'Unsupported file', message: UNSUPPORTED_TYPE_MESSAGE };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, title: 'File too large', message: TOO_LARGE_MESSAGE };
  return { ok: true };
}

/** "2.4 MB", "312 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
