/** "Download my data" (D35): the name used when the server sends none. */

/** `magic-editor-data-YYYY-MM-DD.zip` (today, UTC). */
export function fallbackExportName(now: Date): string {
  return `magic-editor-data-${now.toISOString().slice(0, 10)}.zip`;
}
