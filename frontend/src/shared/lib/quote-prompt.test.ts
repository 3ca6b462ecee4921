import { describe, expect, it } from 'vitest';
import { quotePrompt, stripOuterQuotes } from './quote-prompt';

describe('quotePrompt (issue 15: a prompt with quotes shows its quotes once)', () => {
  it('puts a plain prompt in one pair of quotation marks', () => {
    expect(quotePrompt('add snow falling')).toBe('“add snow falling”');
  });

  it.each([
    ['"make it snow"', '“make it snow”'],
    ['“make it snow”', '“make it snow”'],
    ["'make it snow'", '“make it snow”'],
    ['  ""make it snow""  ', '“make it snow”'],
  ])('does not double the quotes of a prompt typed in quotes: %s', (prompt, shown) => {
    expect(quotePrompt(prompt)).toBe(shown);
  });

  it('shows quotes inside the prompt as the inner pair, so no two marks meet at the end', () => {
    expect(quotePrompt('add the caption "Best day ever"')).toBe('“add the caption ‘Best day ever’”');
    expect(quotePrompt('write "Hi" and "Bye" on it')).toBe('“write ‘Hi’ and ‘Bye’ on it”');
    expect(quotePrompt('"Best" and "Worst" as captions')).toBe('“‘Best’ and ‘Worst’ as captions”');
    expect(quotePrompt('the text “Hello”, in red')).toBe('“the text ‘Hello’, in red”');
  });

  it('keeps apostrophes and marks that do not wrap the whole prompt', () => {
    expect(stripOuterQuotes("make it the cat's hat")).toBe("make it the cat's hat");
    expect(stripOuterQuotes('"Best" and "Worst"')).toBe('"Best" and "Worst"');
    expect(stripOuterQuotes('"')).toBe('"');
  });
});
