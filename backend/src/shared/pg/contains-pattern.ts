/**
 * A LIKE pattern that matches text containing `text`, lower-cased (compare with lower(column)),
 * with LIKE's wildcards and escape character in `text` taken literally.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
