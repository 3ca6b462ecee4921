import 'reflect-metadata';
import { DynamicModule, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Server } from 'node:http';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { configureApp } from '../../src/configure-app';
import { migrateDatabase } from '../../src/database/migrate';
import { createTestDatabase, TestDatabase } from './database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: TestDatabase;
  http: Server;
  /** Base URL when started with `listen: true` (needed for WebSocket tests). */
  baseUrl?: string;
  /** Where this app's outbox mailer writes (MAIL_OUTBOX_DIR): read it with test/support/outbox.ts. */
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Listen on a real port (127.0.0.1:0); otherwise supertest drives the server directly. */
  listen?: boolean;
  /** Reuse a database (e.g. two instances on one database); otherwise a new one is created. */
  db?: TestDatabase;
  /** Test-only controllers mounted beside the app's own (to probe shared plumbing such as sessions). */
  controllers?: Type[];
  /**
   * Providers replaced by test doubles (Nest's testing override), e.g. IMAGE_MODEL with a model
   * that fails, for the tests of that failure only. Without it the app is built as in production.
   */
  overrideProviders?: Array<{ provide: unknown; useValue: unknown }>;
  /** The session secret (instances that share sessions need the same one); else a random one. */
  sessionSecret?: string;
}

@Module({})
class TestRootModule {}

/**
 * The whole Nest app in-process, with the production pipeline (configureApp), on its own
 * migrated database (a copy of the run's migrated template, see database.ts). Only paid outside
 * services are ever replaced in tests.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDb = !options.db;
  const db = options.db ?? (await createTestDatabase());
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    FRONTEND_DIST_DIR: '/nonexistent-frontend-dist',
    MAIL_OUTBOX_DIR: outboxDir,
    ...options.env,
    DATABASE_URL: db.url,
  });
  // A database cloned from the run's migrated template (the usual case) needs no migration.
  if (!db.migrated) await migrateDatabase(db.url);
  const root: DynamicModule = {
    module: TestRootModule,
    imports: [AppModule.register({ config, databaseUrl: db.url })],
    controllers: options.controllers ?? [],
  };
  const appOptions = { bodyParser: false, logger: false as const, bufferLogs: true };
  let app: NestExpressApplication;
  if (options.overrideProviders?.length) {
    let builder = Test.createTestingModule({ imports: [root] });
    for (const { provide, useValue } of options.overrideProviders) {
      builder = builder.overrideProvider(provide).useValue(useValue);
    }
    const moduleRef = await builder.compile();
    app = moduleRef.createNestApplication<NestExpressApplication>(appOptions);
  } else {
    app = await NestFactory.create<NestExpressApplication>(root, appOptions);
  }
  configureApp(app, config, options.sessionSecret ?? randomBytes(32).toString('hex'));
  let baseUrl: string | undefined;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  } else {
    await app.init();
  }
  return {
    app,
    config,
    db,
    http: app.getHttpServer() as Server,
    baseUrl,
    outboxDir,
    close: async () => {
      await app.close();
      if (ownDb) await db.drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
