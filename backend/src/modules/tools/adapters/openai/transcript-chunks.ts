/**
 * The transcript as pieces of at most `maxChars` characters, cut between caption lines (a line
 * longer than that on its own is cut at a space, or hard if it has none). Joined with single
 * spaces, the pieces give back the whole transcript.
 */
export function transcriptChunks(segments: string[], maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (current === '') current = piece;
    else if (current.length + 1 + piece.length <= maxChars) current = `${current} ${piece}`;
    else {
      chunks.push(current);
      current = piece;
    }
  };
  for (const segment of segments) {
    for (const piece of cutLong(segment.trim(), maxChars)) if (piece) push(piece);
  }
  if (current) chunks.push(current);
  return chunks;
}

function cutLong(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > 0 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  pieces.push(rest);
  return pieces;
}
