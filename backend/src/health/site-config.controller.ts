import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SiteConfigResponse } from './health.responses';

/** Public settings the browser needs at run time (not build time), so one build serves any deployment. */
@ApiTags('system')
@Controller('site-config')
export class SiteConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({ summary: 'Public settings the browser needs at run time: the demo video, the support address' })
  @ApiOkResponse({ type: SiteConfigResponse })
  get(): SiteConfigResponse {
    return { demoVideoUrl: this.config.site.demoVideoUrl, supportEmail: this.config.mail.supportEmail };
  }
}
