import { describe, expect, it } from 'vitest';
import { checkYoutubeUrl, EMPTY_URL_MESSAGE, INVALID_URL_MESSAGE, youtubeVideoId } from './youtube-url';

const ID = 'dQw4w9WgXcQ';

describe('YouTube links the server accepts (D33)', () => {
  it.each([
    ['watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
    ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
    ['watch with a start time', `https://www.youtube.com/watch?v=${ID}&t=42s`],
    ['watch with v after other parameters', `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123`],
    ['watch without a scheme', `www.youtube.com/watch?v=${ID}`],
    ['youtu.be', `https://youtu.be/${ID}`],
    ['youtu.be with parameters', `https://youtu.be/${ID}?si=abc123&t=10`],
    ['youtu.be without a scheme', `youtu.be/${ID}`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['shorts with parameters', `https://youtube.com/shorts/${ID}?feature=share`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['embed with parameters', `https://www.youtube.com/embed/${ID}?start=30&autoplay=1`],
    ['privacy-enhanced embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['live', `https://www.youtube.com/live/${ID}`],
    ['live with parameters', `https://www.youtube.com/live/${ID}?si=xyz`],
    ['a trailing slash', `https://youtu.be/${ID}/`],
    ['an upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
    ['spaces around it', `   https://youtu.be/${ID}  `],
    ['YouTube Music', `https://music.youtube.com/watch?v=${ID}&si=abc`],
    ['the old /v/ player path', `https://www.youtube.com/v/${ID}`],
  ])('accepts %s', (_form, link) => {
    const check = checkYoutubeUrl(link);
    expect(check).toMatchObject({ ok: true, videoId: ID });
    expect(youtubeVideoId(link)).toBe(ID);
  });

  it('sends the trimmed link, with https:// when it had no scheme', () => {
    expect(checkYoutubeUrl(`  https://youtu.be/${ID}?t=5 `)).toEqual({ ok: true, url: `https://youtu.be/${ID}?t=5`, videoId: ID });
    expect(checkYoutubeUrl(`youtu.be/${ID}`)).toEqual({ ok: true, url: `https://youtu.be/${ID}`, videoId: ID });
  });

  it.each(['', '   ', '\n\t'])('says "Please enter a YouTube URL" for %j (001 §5)', (input) => {
    expect(checkYoutubeUrl(input)).toEqual({ ok: false, reason: 'empty', message: EMPTY_URL_MESSAGE });
  });

  it.each([
    ['not a link', 'just some words'],
    ['another site', `https://vimeo.com/${ID}`],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a channel page', 'https://www.youtube.com/@somechannel'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['the home page', 'https://www.youtube.com/'],
    ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
    ['an id that is too short', 'https://youtu.be/abc'],
    ['an id with bad characters', 'https://www.youtube.com/watch?v=dQw4w9WgX!Q'],
    ['another scheme', `ftp://youtu.be/${ID}`],
    ['a javascript: link', `javascript:alert('${ID}')`],
    ['extra path after the id', `https://www.youtube.com/shorts/${ID}/extra`],
    ['a port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['user info before the host', `https://youtube.com@evil.example/watch?v=${ID}`],
  ])('rejects %s with a clear message', (_case, link) => {
    expect(checkYoutubeUrl(link)).toEqual({ ok: false, reason: 'invalid', message: INVALID_URL_MESSAGE });
  });
});
