import { confirmationMatches, exportEntryName, exportFileName } from './privacy-rules';

describe('privacy rules (D35)', () => {
  it('confirms a deletion with the account e-mail, trimmed, in any case, and nothing else', () => {
    expect(confirmationMatches('ann@example.com', 'ann@example.com')).toBe(true);
    expect(confirmationMatches('  Ann@Example.COM ', 'ann@example.com')).toBe(true);
    expect(confirmationMatches('ann@example.co', 'ann@example.com')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
    expect(confirmationMatches('   ', 'ann@example.com')).toBe(false);
    expect(confirmationMatches(undefined, 'ann@example.com')).toBe(false);
    expect(confirmationMatches(['ann@example.com'], 'ann@example.com')).toBe(false);
  });

  it('names the download after the UTC day and the files after the image', () => {
    expect(exportFileName(new Date('2026-03-04T23:30:00-05:00'))).toBe('magic-editor-data-2026-03-05.zip');
    expect(exportEntryName('generated', 'abc', 'webp')).toBe('images/abc.webp');
    expect(exportEntryName('original', 'abc', 'jpg')).toBe('originals/abc.jpg');
  });
});
