import { transcriptChunks } from './transcript-chunks';

describe('transcriptChunks', () => {
  it('keeps a short transcript in one piece', () => {
    expect(transcriptChunks(['one two', 'three'], 100)).toEqual(['one two three']);
  });

  it('cuts between caption lines, each piece at most the limit, nothing lost', () => {
    const segments = Array.from({ length: 200 }, (_, i) => `line number ${i} of the captions`);
    const chunks = transcriptChunks(segments, 1000);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000);
    expect(chunks.join(' ')).toBe(segments.join(' '));
    for (const c of chunks) expect(c).toMatch(/^line number \d+ of the captions.*captions$/);
  });

  it('cuts a line longer than the limit at a space, or hard without one', () => {
    expect(transcriptChunks(['aaaa bbbb cccc'], 9)).toEqual(['aaaa bbbb', 'cccc']);
    expect(transcriptChunks(['x'.repeat(25)], 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
