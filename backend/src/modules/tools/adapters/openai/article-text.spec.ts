import { plainArticle } from './article-text';

describe('plainArticle', () => {
  it('takes the first line as the title and keeps one blank line between blocks', () => {
    const answer = '# The **Best** Coffee\n\nIntro text here.\n\n\n## Roasting\nRoast the beans.\nThen cool them.\n\n---\n\nThe end.';
    expect(plainArticle(answer, null, 'Fallback')).toEqual({
      title: 'The Best Coffee',
      article: 'The Best Coffee\n\nIntro text here.\n\nRoasting\nRoast the beans.\nThen cool them.\n\nThe end.',
    });
  });

  it("puts the user's title in place of the model's", () => {
    expect(plainArticle('Title: Model title\n\nBody.', 'Mine', 'Fallback')).toEqual({ title: 'Mine', article: 'Mine\n\nBody.' });
  });

  it('falls back when the model wrote no title', () => {
    expect(plainArticle('\n\n', null, 'Fallback').title).toBe('Fallback');
  });
});
