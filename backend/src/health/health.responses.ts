import { ApiProperty } from '@nestjs/swagger';
import { sameJsonShape } from '../shared/http/openapi/same-shape';
import type { HealthAnswer } from './health-hot-path';

/** GET /api/health (ADR 0021: the hot path sends the same bytes). */
export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiProperty({ enum: ['up'] })
  database: 'up';

  @ApiProperty({ type: Number, description: 'Seconds since this instance started.' })
  uptimeSeconds: number;
}
sameJsonShape<HealthResponse, HealthAnswer>();

/** GET /api/site-config: public settings read at run time, so one build serves any deployment. */
export class SiteConfigResponse {
  @ApiProperty({ type: String, nullable: true, description: "The landing page's demo video: an https URL or a same-origin path; null shows the poster." })
  demoVideoUrl: string | null;

  @ApiProperty({ type: String, description: 'Where people can write to support (SUPPORT_EMAIL).' })
  supportEmail: string;
}
