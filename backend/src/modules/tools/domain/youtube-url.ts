import { youtubeVideoIdOf } from './shared-with-client/youtube-url';
import { InvalidYoutubeUrlError } from './tools-errors';

export { YOUTUBE_URL_MAX } from './shared-with-client/youtube-url';

/** The id of the one video a link points to (D33); anything else is InvalidYoutubeUrlError. */
export function parseYoutubeVideoId(input: string): string {
  const id = youtubeVideoIdOf(input);
  if (id === null) throw new InvalidYoutubeUrlError();
  return id;
}
