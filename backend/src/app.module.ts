import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { databaseOptions } from './database/database-options';
import { redactUrl } from './shared/http/redact-url';
import { HealthModule } from './health/health.module';
import { AdministrationModule } from './modules/administration';
import { BillingModule } from './modules/billing';
import { CommunityModule } from './modules/community';
import { CreditsModule } from './modules/credits';
import { GenerationModule } from './modules/generation';
import { IdentityModule } from './modules/identity';
import { ImagesModule } from './modules/images';
import { PrivacyModule } from './modules/privacy';
import { SupportModule } from './modules/support';
import { ToolsModule } from './modules/tools';
import { MailModule } from './shared/mail/mail.module';
import { EventsModule } from './shared/events/events.module';
import { JobsModule } from './shared/jobs/interval-jobs';
import { RealtimeModule } from './shared/realtime/realtime.module';
import { HotPathsModule } from './shared/http/hot-paths';
import { assignRequestId } from './shared/http/request-id';
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
          pinoHttp: {
            level: config.logLevel,
            // Readable one-line logs for a person at a terminal; JSON everywhere else.
            transport:
              config.env === 'development' && process.stdout.isTTY
                ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
                : undefined,
            // A request id for every log line and response; a well-formed incoming one is kept so
            // a proxy's id follows the request through.
            genReqId: assignRequestId,
            redact: {
              // D33: a user's OpenAI key is never logged. Request bodies are not logged at all; this
              // censors the field should any log object ever carry one.
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'openaiKey', '*.openaiKey', '*.*.openaiKey'],
              censor: '[redacted]',
            },
            // D1, D36: a verification or reset link's token is never logged (shared/http/redact-url).
            // The route params repeat the path (token included), so they are left out.
            serializers: { req: ({ params: _params, ...req }: { url?: string; params?: unknown }) => ({ ...req, url: redactUrl(req.url) }) },
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
          },
        }),
        TypeOrmModule.forRoot({ ...databaseOptions(databaseUrl), autoLoadEntities: true }),
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
        AdministrationModule,
        PrivacyModule,
        ToolsModule,
        SupportModule,
      ],
      controllers: [SiteConfigController],
    };
  }
}
