/**
 * `npm run api:generate` / `npm run api:check` (scripts/api-contract.mjs) call this: it writes the
 * OpenAPI document of the server's code to the file named by its argument (ADR 0027).
 *
 * The app is built in Nest's preview mode: every module, controller and decorator is read, but no
 * provider is created, so no database, port or outside service is needed and the document depends
 * on the code alone (not on this machine's environment). The same builder serves /api/docs-json of
 * a running server; test/http/api-contract.int-spec.ts checks that a real app's document is the
 * checked-in one.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument, serialiseOpenApiDocument } from '../shared/http/openapi/openapi-document';

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('Usage: openapi.ts <output file>');
  // A fixed environment: the document must not depend on who generates it.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.register({ config, databaseUrl: 'postgres://preview@127.0.0.1:1/preview' }), {
    preview: true,
    logger: false,
    bodyParser: false,
  });
  app.setGlobalPrefix('api');
  const doc = buildOpenApiDocument(app);
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, serialiseOpenApiDocument(doc));
  await app.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`OpenAPI generation failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
