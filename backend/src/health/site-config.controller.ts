import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface SiteConfig {
  /** The landing page's demo video: an https URL or a same-origin path; null shows the poster. */
  demoVideoUrl: string | null;
  /** Where people can write to support (SUPPORT_EMAIL; the Contact, Privacy and Terms pages show it). */
  supportEmail: string;
}

/** Public settings the browser needs at run time (not build time), so one build serves any deployment. */
@ApiTags('system')
@Controller('site-config')
export class SiteConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('cache-control', 'public, max-age=300')
  @ApiOkResponse({ description: '{ demoVideoUrl: string | null, supportEmail: string }' })
  get(): SiteConfig {
    return { demoVideoUrl: this.config.site.demoVideoUrl, supportEmail: this.config.mail.supportEmail };
  }
}
