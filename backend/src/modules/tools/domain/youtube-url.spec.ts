import { InvalidYoutubeUrlError } from './tools-errors';
import { parseYoutubeVideoId } from './youtube-url';

const ID = 'dQw4w9WgXcQ';

describe('parseYoutubeVideoId (D33)', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://www.youtube.com/watch?list=PL123&index=2&v=${ID}&pp=abc`,
    `https://www.youtube.com/watch/?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}#t=30`,
    `https://m.youtube.com/watch?v=${ID}`,
    `m.youtube.com/watch?v=${ID}&feature=youtu.be`,
    `https://music.youtube.com/watch?v=${ID}&si=abcDEF`,
    `https://WWW.YouTube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=Xy_12-ab`,
    `https://youtu.be/${ID}?t=10&si=Xy_12-ab`,
    `https://youtu.be/${ID}/`,
    `https://www.youtube.com/shorts/${ID}`,
    `youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=5&autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}?si=abc`,
    `https://www.youtube.com/v/${ID}?version=3`,
    `  https://youtu.be/${ID}  `,
  ])('accepts %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBe(ID);
  });

  it('keeps the id exactly as written (ids are case-sensitive, with _ and -)', () => {
    expect(parseYoutubeVideoId('https://youtu.be/a_B-c9D_e-F')).toBe('a_B-c9D_e-F');
    expect(parseYoutubeVideoId('https://www.youtube.com/watch?v=Zz_-0123456')).toBe('Zz_-0123456');
  });

  it.each([
    '',
    '   ',
    ID,
    'not a url',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}X`,
    'https://www.youtube.com/watch?v=dQw4w9WgXc!',
    'https://www.youtube.com/watch?list=PL1234567890',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'https://www.youtube.com/@somechannel',
    'https://www.youtube.com/channel/UC1234567890123456789012',
    `https://www.youtube.com/shorts/${ID}/extra`,
    'https://www.youtube.com/shorts/',
    `https://www.youtube.com/embed//${ID}`,
    `https://www.youtube.com/results?search_query=${ID}`,
    `https://youtu.be/${ID}X`,
    'https://youtu.be/',
    `https://youtu.be/watch?v=${ID}`,
    `https://vimeo.com/${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/youtube.com/watch?v=${ID}`,
    `https://www.youtube.com@evil.example/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
    `https://www.youtube-nocookie.com/watch?v=${ID}`,
    `https://youtu.be/${ID} trailing words`,
  ])('refuses %s', (url) => {
    expect(() => parseYoutubeVideoId(url)).toThrow(InvalidYoutubeUrlError);
  });

  it('refuses a link longer than 2048 characters without parsing it', () => {
    expect(() => parseYoutubeVideoId(`https://www.youtube.com/watch?v=${ID}&x=${'y'.repeat(2048)}`)).toThrow(InvalidYoutubeUrlError);
  });

  it('refuses with the contract message and code', () => {
    try {
      parseYoutubeVideoId('https://vimeo.com/123');
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidYoutubeUrlError);
      expect((e as InvalidYoutubeUrlError).code).toBe('TOOLS.INVALID_YOUTUBE_URL');
      expect((e as InvalidYoutubeUrlError).message).toBe(
        'Please enter a valid YouTube video link (youtube.com/watch, youtu.be, shorts or embed).',
      );
    }
  });
});
