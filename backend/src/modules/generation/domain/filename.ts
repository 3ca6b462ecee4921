/**
 * The name a browser sent with an upload is only a label we keep (`original_filename`, 255 chars);
 * it never decides a type or a path. Sanitised so it is safe to show and to log.
 */
const MAX_LENGTH = 255;
const FALLBACK = 'image';

// Control characters, path separators and characters Windows refuses in names.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;
const BIDI_AND_INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function sanitizeFilename(name: string | null | undefined): string {
  if (typeof name !== 'string') return FALLBACK;
  // Only the last path segment: "C:\\Users\\me\\photo.jpg" and "../../etc/passwd" both lose their paths.
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(BIDI_AND_INVISIBLE, '')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // No hidden files or names made only of dots.
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!cleaned || /^_+$/.test(cleaned)) return FALLBACK;
  return truncateKeepingExtension(cleaned, MAX_LENGTH);
}

function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name); // code points, so a surrogate pair is never split
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 0 && ext.length <= 10) {
    return chars.slice(0, max - ext.length).join('') + ext.join('');
  }
  return chars.slice(0, max).join('');
}
