import { parseRenditionName, renditionName, renditionViews, renditionWidths } from './rendition';

describe('renditionWidths (D31)', () => {
  it('makes every standard width narrower than the source, and the source width when it is under 1280', () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 1280]);
    expect(renditionWidths(1280)).toEqual([320, 640]);
    expect(renditionWidths(1000)).toEqual([320, 640, 1000]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(300)).toEqual([300]);
  });

  it('never upscales', () => {
    for (const w of [1, 50, 320, 321, 900, 5000]) expect(Math.max(...renditionWidths(w))).toBeLessThanOrEqual(w);
  });
});

describe('rendition names', () => {
  it('round-trips', () => {
    const name = renditionName('generated', 640, '0123456789abcdef');
    expect(name).toBe('generated-640-0123456789abcdef.webp');
    expect(parseRenditionName(name)).toEqual({ file: 'generated', width: 640, version: '0123456789abcdef' });
  });

  it('refuses anything else', () => {
    for (const bad of ['generated-640-0123456789abcdef.png', 'thumb-640-0123456789abcdef.webp', 'generated-0-0123456789abcdef.webp',
      'generated-640-0123456789ABCDEF.webp', 'generated-640-0123.webp', '../generated-640-0123456789abcdef.webp', 42, undefined]) {
      expect(parseRenditionName(bad)).toBeNull();
    }
  });
});

describe('renditionViews', () => {
  const id = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

  it('builds addresses keyed by content, narrowest first', () => {
    const views = renditionViews(id, {
      generated: [{ w: 640, h: 480, v: 'bbbbbbbbbbbbbbbb' }, { w: 320, h: 240, v: 'aaaaaaaaaaaaaaaa' }],
      original: [{ w: 320, h: 240, v: 'cccccccccccccccc' }],
    });
    expect(views.generatedRenditions).toEqual([
      { url: `/api/images/${id}/renditions/generated-320-aaaaaaaaaaaaaaaa.webp`, width: 320, height: 240 },
      { url: `/api/images/${id}/renditions/generated-640-bbbbbbbbbbbbbbbb.webp`, width: 640, height: 480 },
    ]);
    expect(views.originalRenditions).toHaveLength(1);
  });

  it('answers none when not made yet or unreadable', () => {
    expect(renditionViews(id, null)).toEqual({ originalRenditions: [], generatedRenditions: [] });
    expect(renditionViews(id, { generated: [{ w: '320', h: 1, v: 'x' }] })).toEqual({ originalRenditions: [], generatedRenditions: [] });
  });
});
