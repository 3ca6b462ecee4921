import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { Type } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { answerProblems, type OpenApiDocument, type Schema } from './openapi-answers';
import { newImage } from '../support/fixtures';

/**
 * ADR 0027, one API contract: the checked-in OpenAPI document is what the running server
 * publishes, it names every route with its answers and failures, and the server's real answers
 * conform to it. (`npm run api:check` keeps the file and the client's generated types in step with
 * the code; test/architecture/api-contract-drift.int-spec.ts proves that it fails on a drift.)
 */
const DOCUMENT_FILE = path.resolve(__dirname, '..', '..', 'openapi', 'openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function checkedIn(): OpenApiDocument {
  return JSON.parse(fs.readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
}

/** Every route handler of the app, as `Class_method` (the operationId @nestjs/swagger gives it). */
function handlerIds(t: TestApp): string[] {
  const container = (t.app as unknown as { container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: Type | null }> }> } }).container;
  const ids: string[] = [];
  for (const module of container.getModules().values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype || metatype.name === 'TestRootModule') continue;
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const fn = (metatype.prototype as Record<string, unknown>)[name];
        if (typeof fn === 'function' && Reflect.getMetadata(METHOD_METADATA, fn) !== undefined && Reflect.getMetadata(PATH_METADATA, fn) !== undefined) {
          ids.push(`${metatype.name}_${name}`);
        }
      }
    }
  }
  return ids.sort();
}

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ route, method, op: item[method]! })),
  );
}

/** A success body's schema names its shape: a component, a list of one, or a choice of them. */
function isNamedShape(schema: Schema): boolean {
  if (schema.$ref) return true;
  if (schema.type === 'array') return Boolean(schema.items && isNamedShape(schema.items));
  if (schema.oneOf) return schema.oneOf.every(isNamedShape);
  return schema.type === 'string'; // bytes (format binary) or an HTML page
}

describe('the API contract (ADR 0027)', () => {
  let t: TestApp;
  const doc = checkedIn();
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is what the running server publishes at /api/docs-json', async () => {
    const res = await request(t.http).get('/api/docs-json').expect(200);
    // If this fails after a change to a controller, a DTO or a response class: npm run api:generate.
    expect(res.body).toEqual(doc);
  });

  it('has one operation for every route handler of every controller, and nothing else', () => {
    expect(operations(doc).map(({ op }) => op.operationId).sort()).toEqual(handlerIds(t));
    expect(operations(doc)).toHaveLength(83);
  });

  it('gives every operation a summary, its path parameters, a success answer with its shape, and its failures with their codes', () => {
    const problems: string[] = [];
    for (const { route, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${route}`;
      if (!op.summary?.trim()) problems.push(`${where}: no summary`);
      for (const name of [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required)) problems.push(`${where}: path parameter ${name} not declared`);
      }
      const statuses = Object.keys(op.responses).map(Number);
      const successes = statuses.filter((s) => s >= 200 && s < 300);
      if (successes.length === 0 && !statuses.some((s) => s >= 300 && s < 400)) problems.push(`${where}: no success or redirect answer`);
      for (const status of successes) {
        const content = op.responses[String(status)]!.content;
        if (!content) {
          problems.push(`${where}: ${status} has no content`);
          continue;
        }
        for (const [mediaType, { schema }] of Object.entries(content)) {
          if (!isNamedShape(schema)) problems.push(`${where}: ${status} ${mediaType} has no named schema`);
        }
      }
      for (const status of statuses.filter((s) => s >= 400)) {
        const response = op.responses[String(status)]!;
        const schema = response.content?.['application/json']?.schema;
        const [body, codes] = schema?.allOf ?? [];
        if (body?.$ref !== '#/components/schemas/ErrorBody') problems.push(`${where}: ${status} is not the ErrorBody`);
        if (!codes?.properties?.code?.enum?.length) problems.push(`${where}: ${status} names no code`);
        if (!response.description?.includes('`')) problems.push(`${where}: ${status} does not describe its codes`);
      }
      for (const status of [400, 500, 503]) if (!statuses.includes(status)) problems.push(`${where}: the pipeline's ${status} is missing`);
      if (['post', 'put', 'patch', 'delete'].includes(method) && !statuses.includes(403)) problems.push(`${where}: the same-origin 403 is missing`);
    }
    expect(problems).toEqual([]);
  });

  it('describes the real answers of the public calls, as the server sends them', async () => {
    const calls = ['/api/health', '/api/site-config', '/api/generation/capabilities', '/api/billing/catalogue', '/api/captcha-config', '/api/community/recent', '/api/leaderboard'];
    const problems: string[] = [];
    for (const url of calls) {
      const res = await request(t.http).get(url);
      problems.push(...answerProblems(doc, 'GET', url.split('?')[0]!, res.status, res.body));
    }
    expect(problems).toEqual([]);
  });

  it('describes the real answers of a signed-in user, and the failures with their declared codes', async () => {
    const agent = request.agent(t.http);
    const problems: string[] = [];
    const check = (method: string, url: string, res: { status: number; body: unknown }) => problems.push(...answerProblems(doc, method, url, res.status, res.body));

    check('GET', '/api/user', await agent.get('/api/user'));
    const account = { email: 'contract@example.com', username: 'contract_user', password: 'correct horse battery' };
    const registered = await agent.post('/api/register').send(account);
    expect(registered.status).toBe(201);
    check('POST', '/api/register', registered);
    check('POST', '/api/register', await request(t.http).post('/api/register').send(account));
    check('POST', '/api/register', await request(t.http).post('/api/register').send({ email: 'not an e-mail' }));
    for (const url of ['/api/user', '/api/user/credits', '/api/user/billing', '/api/my-edits']) check('GET', url, await agent.get(url));
    // An edit in the feed: the community answers and the share page with a real entry in them.
    const imageId = await newImage(t, (registered.body as { id: string }).id, { laughs: 2 });
    for (const url of ['/api/community/recent', '/api/leaderboard', `/api/images/${imageId}/share`]) check('GET', url, await agent.get(url));
    check('POST', `/api/images/${imageId}/add-laugh`, await agent.post(`/api/images/${imageId}/add-laugh`).send({ userIdentifier: 'anon_123' }));
    check('POST', `/api/images/${imageId}/add-laugh`, await agent.post(`/api/images/${imageId}/add-laugh`).send({}));
    check('GET', `/api/images/${imageId}/has-laughed`, await agent.get(`/api/images/${imageId}/has-laughed?userIdentifier=anon_123`));
    check('GET', '/api/community/laughed', await agent.get(`/api/community/laughed?ids=${imageId}&userIdentifier=anon_123`));
    const feed = await agent.get('/api/community/recent');
    expect(feed.body).toHaveLength(1);
    check('GET', '/api/images/00000000-0000-4000-8000-000000000000/share', await agent.get('/api/images/00000000-0000-4000-8000-000000000000/share'));
    check('POST', '/api/content-filter', await agent.post('/api/content-filter').send({ prompt: 'make it naked' }));
    check('POST', '/api/purchase-credits', await agent.post('/api/purchase-credits').send({ pack: 'pack7' }));
    check('POST', '/api/logout', await agent.post('/api/logout'));
    check('POST', '/api/login', await agent.post('/api/login').send({ email: account.email, password: 'wrong password' }));
    const signedIn = await agent.post('/api/login').send({ email: account.email, password: account.password });
    expect(signedIn.status).toBe(200);
    check('POST', '/api/login', signedIn);
    expect(problems).toEqual([]);
  });
});
