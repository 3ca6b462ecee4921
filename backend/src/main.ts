import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './config/app-config';
import { resolveSessionSecret } from './config/session-secret';
import { configureApp } from './configure-app';
import { prepareDatabase, PreparedDatabase } from './database/prepare-database';

const log = new Logger('Bootstrap');

// Issue 29: libvips keeps up to 50 MB of recent operations by default, for a program that opens
// the same image again; a server never does (each upload and output is new), so the cache only
// held memory after every 12-megapixel edit. Process-wide: the worker threads share it.
sharp.cache(false);

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }

  let database: PreparedDatabase | undefined;
  let app: NestExpressApplication | undefined;
  let shutdownStartedAt = 0;

  // Stop on Ctrl-C / SIGTERM: stop accepting, finish in-flight requests, close the pool, then stop
  // the embedded PostgreSQL. A second signal more than a second later forces the exit (npm
  // forwards the terminal's Ctrl-C, so the first one often arrives twice at once).
  const shutdown = async (signal: string) => {
    if (shutdownStartedAt) {
      if (Date.now() - shutdownStartedAt < 1000) return;
      log.warn(`${signal} again: exiting now`);
      await database?.embedded?.stop();
      process.exit(1);
    }
    shutdownStartedAt = Date.now();
    log.log(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => {
      log.warn(`Requests still open after ${config.shutdownTimeoutMs} ms: closing them`);
      app?.getHttpServer().closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    // Stop accepting first: Nest closes the HTTP listener only after its shutdown hooks (the /ws
    // gateway among them), and a connection opened in between would be served by a closing app.
    // Idle keep-alive connections go too; requests in flight finish.
    const server = app?.getHttpServer();
    server?.close();
    server?.closeIdleConnections();
    try {
      await app?.close();
    } catch (e) {
      log.error(`Error while closing: ${(e as Error).message}`);
    }
    await database?.embedded?.stop();
    log.log('Stopped');
    process.exit(0);
  };
  // Fire and forget, with the failure handled: a shutdown that throws still ends the process.
  const stop = (signal: string) =>
    shutdown(signal).catch((e: unknown) => {
      log.error(`Shutdown failed: ${(e as Error).stack ?? e}`);
      process.exit(1);
    });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    // Issue 15: the database's start-up lines wait for the app's logger, so the whole log has one
    // format (printed as they are should the start-up fail first).
    Logger.attachBuffer();
    database = await prepareDatabase(config, (m) => log.log(m));
    // Zero config: the secret made once into .data/ is the app's too (sessions, leaderboard
    // cursors, report keys), so all of them survive a restart.
    const appConfig = { ...config, session: { ...config.session, secret: resolveSessionSecret(config) } };
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.register({ config: appConfig, databaseUrl: database.url }),
      { bufferLogs: true, bodyParser: false },
    );
    configureApp(app, appConfig, appConfig.session.secret);
    await app.listen(config.port, config.host);
    log.log(`Magic Editor is listening on ${config.publicUrl.origin} (port ${config.port}, ${config.env})`);
  } catch (e) {
    Logger.flush();
    log.error(`Start-up failed: ${(e as Error).stack ?? e}`);
    await app?.close().catch(() => undefined);
    await database?.embedded?.stop();
    process.exit(1);
  }
}

bootstrap().catch((e: unknown) => {
  console.error(`Start-up failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
