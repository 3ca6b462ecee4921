import { sanitizeFilename } from './filename';

describe('sanitizeFilename', () => {
  it('keeps an ordinary name', () => {
    expect(sanitizeFilename('Holiday photo 2024.jpg')).toBe('Holiday photo 2024.jpg');
    expect(sanitizeFilename('Café Zürich.png')).toBe('Café Zürich.png');
  });

  it('drops any path, Unix or Windows', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\Pictures\\cat.png')).toBe('cat.png');
  });

  it('replaces control and reserved characters, and strips invisible direction marks', () => {
    expect(sanitizeFilename('a\u0000b\nc<d>e:f*g?h|i"j.jpg')).toBe('a_b_c_d_e_f_g_h_i_j.jpg');
    expect(sanitizeFilename('evil\u202egpj.exe')).toBe('evilgpj.exe');
  });

  it('never yields a hidden, empty or dots-only name', () => {
    expect(sanitizeFilename('.htaccess')).toBe('htaccess');
    expect(sanitizeFilename('...')).toBe('image');
    expect(sanitizeFilename('   ')).toBe('image');
    expect(sanitizeFilename('')).toBe('image');
    expect(sanitizeFilename(undefined)).toBe('image');
    expect(sanitizeFilename('dir/')).toBe('image');
  });

  it('fits the 255-character column and keeps the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(400)}.jpeg`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.jpeg')).toBe(true);
    const emoji = sanitizeFilename(`${'😀'.repeat(300)}.png`);
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no half of a surrogate pair
  });
});
