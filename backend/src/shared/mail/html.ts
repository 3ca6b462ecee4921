/** D24: every mail's HTML part (and the escaping of any HTML the server writes). Plain TypeScript, shared by each context's mail texts. */

/** Escapes a value for HTML text and attribute positions. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A simple mail page of paragraphs. The paragraphs are HTML: escape every value put in them. */
export function mailPage(paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1f2937;">',
    ...paragraphs.map((p) => `<p>${p}</p>`),
    '</body></html>',
  ].join('\n');
}

/** A moment as mails write it: "2025-03-04 05:06:07 UTC". */
export function mailTime(when: Date): string {
  return when.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}
