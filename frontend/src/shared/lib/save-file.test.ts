import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './save-file';

describe('file names from Content-Disposition', () => {
  it('reads the name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="magic-editor-img-1.png"')).toBe('magic-editor-img-1.png');
    expect(fileNameFromDisposition('attachment; filename=magic-editor-img-1.jpg')).toBe('magic-editor-img-1.jpg');
    expect(fileNameFromDisposition("attachment; filename=\"x.jpg\"; filename*=UTF-8''magic-editor-%C3%A9.webp")).toBe(
      'magic-editor-é.webp',
    );
  });

  it('never keeps folders from the header', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
  });

  it('has no name without the header or its parameter', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });

});
