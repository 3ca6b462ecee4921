import { ApiProperty } from '@nestjs/swagger';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { YoutubeArticle } from '../../application/write-youtube-article.use-case';

/** POST /api/youtube-to-article (001 §7, D33). */
export class YoutubeArticleResponse {
  @ApiProperty({ type: String, description: 'The article, in Markdown.' })
  article: string;

  @ApiProperty({ type: String })
  title: string;

  @ApiProperty({ enum: ['openai', 'local'], description: "Who wrote it: OpenAI (the user's key, else the server's) or the local writer." })
  writer: 'openai' | 'local';
}
sameJsonShape<YoutubeArticleResponse, YoutubeArticle>();
