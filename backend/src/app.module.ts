import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { databaseOptions } from './database/database-options';
import { requestLogOptions } from './shared/http/request-log';
import { HealthModule } from './health/health.module';
import { AdministrationModule } from './modules/administration';
import { BillingModule } from './modules/billing';
import { CommunityModule } from './modules/community';
import { CreditsModule } from './modules/credits';
import { GenerationModule } from './modules/generation';
import { IdentityModule } from './modules/identity';
import { ImagesModule } from './modules/images';
import { PrivacyModule } from './modules/privacy';
import { ReportsModule } from './modules/reports';
import { SupportModule } from './modules/support';
import { ToolsModule } from './modules/tools';
import { MailModule } from './shared/mail/mail.module';
import { EventsModule } from './shared/events/events.module';
import { JobsModule } from './shared/jobs/interval-jobs';
import { RealtimeModule } from './shared/realtime/realtime.module';
import { HotPathsModule } from './shared/http/hot-paths';
import { SiteConfigController } from './health/site-config.controller';

export interface AppModuleOptions {
  config: AppConfig;
  /** The migrated database to use (chosen by prepareDatabase). */
  databaseUrl: string;
}

@Module({})
export class AppModule {
  static register({ config, databaseUrl }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '*path', method: RequestMethod.ALL }],
          // Issue 15: one line per request, no headers; polls at debug; Nest's route lines at debug.
          pinoHttp: requestLogOptions(config),
        }),
        TypeOrmModule.forRoot({ ...databaseOptions(databaseUrl, {}, config.database.pool), autoLoadEntities: true }),
        ScheduleModule.forRoot(),
        JobsModule,
        RealtimeModule,
        HotPathsModule,
        HealthModule,
        EventsModule,
        MailModule,
        IdentityModule,
        CreditsModule,
        ImagesModule,
        GenerationModule,
        CommunityModule,
        BillingModule,
        ReportsModule,
        AdministrationModule,
        PrivacyModule,
        ToolsModule,
        SupportModule,
      ],
      controllers: [SiteConfigController],
    };
  }
}
