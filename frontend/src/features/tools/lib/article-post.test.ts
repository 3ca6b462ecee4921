import { describe, expect, it } from 'vitest';
import { articleToPost, escapeHtml, isHeadingLine } from './article-post';

describe('article → WordPress post (D33)', () => {
  it('takes the first line as the title and the rest as paragraphs and headings', () => {
    const article = [
      'How Bread Rises',
      '',
      'Yeast eats sugar and makes gas. The gas fills the dough.',
      '',
      'What the baker does',
      '',
      'The baker kneads the dough, then waits.',
      'Then the baker waits some more.',
    ].join('\n');

    expect(articleToPost(article, 'Server title')).toEqual({
      title: 'How Bread Rises',
      content: [
        '<p>Yeast eats sugar and makes gas. The gas fills the dough.</p>',
        '<h2>What the baker does</h2>',
        '<p>The baker kneads the dough, then waits.<br />Then the baker waits some more.</p>',
      ].join('\n'),
    });
  });

  it('reads a heading followed directly by its paragraph, and Markdown headings', () => {
    const post = articleToPost('# Title\n\n## Part one\nFirst words here.\n\r\nKey points\nMore words.', '');
    expect(post.title).toBe('Title');
    expect(post.content).toBe('<h2>Part one</h2>\n<p>First words here.</p>\n<h2>Key points</h2>\n<p>More words.</p>');
  });

  it('escapes everything the user typed', () => {
    const post = articleToPost('Tom & "Jerry" <3\n\n<script>alert(1)</script> is text, not code.', '');
    expect(post.title).toBe('Tom & "Jerry" <3'); // the title is sent as plain text
    expect(post.content).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; is text, not code.</p>');
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it("uses the server's title when the first line is a sentence, keeping every line", () => {
    const post = articleToPost('This article starts with a sentence.\n\nAnd goes on.', 'Server title');
    expect(post).toEqual({ title: 'Server title', content: '<p>This article starts with a sentence.</p>\n<p>And goes on.</p>' });
  });

  it('never sends an empty title', () => {
    expect(articleToPost('Only a sentence.', '').title).toBe('Untitled article');
  });

  it('tells headings from sentences', () => {
    expect(isHeadingLine('Why it matters')).toBe(true);
    expect(isHeadingLine('What is a sourdough starter?')).toBe(true);
    expect(isHeadingLine('It matters.')).toBe(false);
    expect(isHeadingLine('Here is a list:')).toBe(false);
    expect(isHeadingLine('word '.repeat(20))).toBe(false);
    expect(isHeadingLine('   ')).toBe(false);
  });
});
