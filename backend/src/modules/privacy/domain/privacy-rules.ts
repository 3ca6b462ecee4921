/**
 * D35, ADR 0019: the rules of a user's privacy rights, plain TypeScript (ARCHITECTURE rule 1).
 */

/** Data downloads per user per hour (each builds a zip of every image). */
export const EXPORTS_PER_HOUR = 3;

/**
 * A deletion whose request is older than this and still not finished was interrupted (a crash,
 * the payment provider down): the job finishes it. Long enough that the job never races the
 * request that is still running it.
 */
export const DELETION_GRACE_MINUTES = 5;

/** The typed e-mail confirms the deletion when, trimmed, it is the account's, in any case. */
export function confirmationMatches(typed: unknown, accountEmail: string): boolean {
  if (typeof typed !== 'string') return false;
  const given = typed.trim().toLowerCase();
  return given !== '' && given === accountEmail.trim().toLowerCase();
}

/** The download's name: `magic-editor-data-YYYY-MM-DD.zip` (the UTC date it was made). */
export function exportFileName(now: Date): string {
  return `magic-editor-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** Where an image's file goes in the zip: `images/<id>.<ext>` (the output), `originals/<id>.<ext>` (the upload). */
export function exportEntryName(file: 'generated' | 'original', imageId: string, extension: string): string {
  return `${file === 'generated' ? 'images' : 'originals'}/${imageId}.${extension}`;
}

/** The JSON document's name in the zip. */
export const DATA_FILE = 'data.json';
