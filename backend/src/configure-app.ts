import { Logger as NestLogger, ValidationError as ClassValidatorError, ValidationPipe } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { DataSource } from 'typeorm';
import { AppConfig } from './config/app-config';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './shared/auth/session-cookie';
import { buildOpenApiDocument } from './shared/http/openapi/openapi-document';
import { SessionCache } from './shared/auth/session-cache';
import { markSessionChecked, signedInHintFollowsSession, signedInHintForPage } from './shared/auth/signed-in-hint';
import { ValidationError } from './shared/errors/domain-error';
import { mapError } from './shared/http/error-response';
import { DomainErrorFilter } from './shared/http/domain-error.filter';
import { HotPaths, installHotPaths } from './shared/http/hot-paths';
import { PERMISSIONS_POLICY, permissionsPolicy } from './shared/http/permissions-policy';
import { headersSetBy } from './shared/http/pipeline-answer';
import { assignRequestId } from './shared/http/request-id';
import { safeInputOnly } from './shared/http/safe-input.middleware';
import { passesSameOrigin, sameOriginOnly } from './shared/http/same-origin.middleware';
import { crawlerFiles } from './shared/http/crawler-files.middleware';
import { spaStatic } from './shared/http/spa-static.middleware';
import { IMAGES_API, type ImagesApi } from './modules/images';
import { poolOf } from './shared/pg/pool-of';
import { normalizeIp } from './shared/ip';

// Express's own modules for req.ip and its body limit (the versions it uses), so a hot path reads
// the client's address and the limit exactly as the pipeline does.
const fromExpress = createRequire(require.resolve('express'));
const proxyAddr = fromExpress('proxy-addr') as (req: IncomingMessage, trust: (addr: string, i: number) => boolean) => string;
const fromBodyParser = createRequire(fromExpress.resolve('body-parser'));
const bytes = fromBodyParser('bytes') as { parse(value: string): number | null };

/**
 * Everything between the socket and the controllers, shared by main.ts and the test app
 * factory so tests run the same pipeline as production.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, sessionSecret: string): void {
  app.useLogger(app.get(Logger));
  app.flushLogs();
  // ADR 0011: cached public answers (community feed, leaderboard) are sent before Express runs.
  installHotPaths(app.getHttpServer(), app.get(HotPaths));
  // An idle keep-alive connection stays open 65 s, longer than the 60 s idle timeout common to
  // proxies and load balancers. With Node's 5 s default, a client that sends its next request as
  // the server closes the connection gets ECONNRESET (Playwright's request context did in the
  // browser tier) and a proxy in front answers 502. Shutdown still closes idle connections at once.
  (app.getHttpServer() as HttpServer).keepAliveTimeout = 65_000;
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');

  const hotPaths = app.get(HotPaths);
  // Every Express answer has its x-request-id, also the ones given before the request log runs
  // (a NUL character, a cross-site POST, a body the parser refuses); the log reuses it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    assignRequestId(req, res);
    next();
  });
  app.use(permissionsPolicy);
  app.use(compression());
  const https = config.publicUrl.protocol === 'https:';
  // D20: the Turnstile widget (script + iframe) is allowed only when a captcha provider is configured.
  const captchaOrigins = config.turnstile ? ['https://challenges.cloudflare.com'] : [];
  // The landing page's demo video may live on another https origin (DEMO_VIDEO_URL).
  const demo = config.site.demoVideoUrl;
  const mediaOrigins = demo && /^https:\/\//.test(demo) ? [new URL(demo).origin] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...captchaOrigins],
        'frame-src': ["'self'", ...captchaOrigins],
        // sonner and React style attributes need inline styles; no inline scripts anywhere.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", ...mediaOrigins],
        'connect-src': ["'self'", ...captchaOrigins],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https ? undefined : false,
  });
  app.use(securityHeaders);
  // ADR 0021: hot paths that answer as the pipeline would send exactly these headers (helmet's
  // are the same on every answer: no nonces), read from the middleware itself.
  hotPaths.pipelineHeaders = [...headersSetBy([securityHeaders]), ['permissions-policy', PERMISSIONS_POLICY]];

  // Issue 9: once PUBLIC_URL is set it alone is our origin; the Host header is the client's word.
  app.use('/api', sameOriginOnly(config.publicUrl.origin, { allowHostOrigin: !config.publicUrlConfigured }));
  // ADR 0037: what a write hot path needs to decide as this pipeline does.
  const trust = (app.getHttpAdapter().getInstance() as express.Express).get('trust proxy fn') as (addr: string, i: number) => boolean;
  const publicOrigin = config.publicUrl.origin;
  hotPaths.pipelineFacts = {
    clientAddress: (req) => normalizeIp(proxyAddr(req, trust)),
    plainlySameOrigin: (req) => passesSameOrigin(req.method, req.headers, publicOrigin, null),
    jsonBodyLimitBytes: bytes.parse(config.jsonBodyLimit) ?? 0,
  };

  const pool = poolOf(app.get(DataSource));
  const PgStore = connectPgSimple(session);
  // Its errors (a failed prune of expired sessions) go to the app's log like every other, not to
  // the console: a prune that comes after the app has closed its pool logs there, silently in tests.
  const sessionLog = new NestLogger('Sessions');
  const store = new PgStore({
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    ttl: SESSION_TTL_SECONDS,
    errorLog: (...args: unknown[]) => sessionLog.error(args.map(String).join(' ')),
  });
  const sessionCache = app.get(SessionCache);
  sessionCache.configure({
    secrets: [sessionSecret],
    ttlMs: SESSION_TTL_SECONDS * 1000,
    writeExpiry: async (sid, expiresAt) => {
      // As connect-pg-simple's touch writes it (seconds through to_timestamp).
      const result = await pool.query(`UPDATE "session" SET "expire" = to_timestamp($1) WHERE "sid" = $2`, [
        Math.ceil(expiresAt.getTime() / 1000),
        sid,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
  });
  // ADR 0021: touches at most every 5 minutes; a destroyed session leaves the cache at once.
  sessionCache.followStore(store);
  const sessions = session({
    name: SESSION_COOKIE,
    secret: sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.trustProxy,
    // D18: HttpOnly, SameSite=Lax, Secure behind https.
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.session.secure, maxAge: SESSION_TTL_SECONDS * 1000 },
  });
  // Issue 24: the signed-in hint cookie follows the session cookie (before express-session, so that
  // it is decided after the session cookie is).
  app.use('/api', signedInHintFollowsSession({ secure: config.session.secure }));
  // Passport (identity registers the local strategy and the session (de)serialiser on the shared
  // passport instance): req.login/logout/user for every /api request, the session user restored
  // wherever a session can exist.
  app.use('/api', passport.initialize());
  app.use('/api', sessionsWhereTheyCanExist(sessions, passport.session()));
  // ADR 0021: a signed-in poll the hot path let through leaves its session in the cache.
  app.use('/api', (req: Request, _res: Response, next: NextFunction) => {
    sessionCache.rememberFromPipeline(req);
    next();
  });
  // D27: Stripe signs the exact bytes of its webhook, so that one path gets the raw body.
  app.use('/api/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  app.use(express.urlencoded({ limit: config.jsonBodyLimit, extended: false }));
  app.use(bodyParserErrors);
  // Issue 9: no NUL character anywhere and no deep nesting in a parsed body or query (400).
  app.use('/api', safeInputOnly());

  // Issue 15: robots.txt and sitemap.xml, before the SPA would answer them with its HTML.
  app.use(crawlerFiles(config.publicUrl));
  // Issue 15: each page's title, description and link-preview tags in the HTML; a shared edit's from the images context.
  const images = app.get<ImagesApi>(IMAGES_API, { strict: false });
  const spa = spaStatic(config.frontendDistDir, {
    publicUrl: config.publicUrl,
    sharedEdit: (id) => images.sharePreview(id),
    // Issue 24: the signed-in hint on every page, from the session cookie's presence.
    onPage: signedInHintForPage({ secure: config.session.secure }),
  });
  if (spa) app.use(spa);
  else new NestLogger('Static').warn(`No built frontend in ${config.frontendDistDir}: only /api and /ws are served`);

  app.setGlobalPrefix('api');
  app.useGlobalFilters(new DomainErrorFilter());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const details = flattenValidation(errors);
        return new ValidationError(details[0]?.messages[0] ?? 'Invalid request', details);
      },
    }),
  );
  app.useWebSocketAdapter(new WsAdapter(app));

  // Issue 9: the API's map is not published in production unless API_DOCS=true.
  if (config.apiDocs) publishApiDocs(app);
}

/**
 * Swagger UI at /api/docs, the OpenAPI document at /api/docs-json: the same document as the
 * checked-in backend/openapi/openapi.json (ADR 0027; test/http/api-contract.int-spec.ts).
 */
function publishApiDocs(app: NestExpressApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
  });
}

/**
 * A session exists only once a state-changing request (sign-in, sign-up) has created one, and the
 * browser then sends its cookie. So express-session runs for requests that carry the cookie and
 * for non-GET requests; an anonymous GET (the community feed, images: the hottest paths) skips it
 * and has no `req.session`. On a bare Express app with this middleware, express-session alone took
 * throughput from 11.2k to 7.8k req/s; `npm run bench -- health` went from 2.5k to 2.9k req/s with
 * this change (that route also waits on a database round trip).
 */
function sessionsWhereTheyCanExist(sessions: RequestHandler, restoreUser: RequestHandler): RequestHandler {
  const cookiePrefix = `${SESSION_COOKIE}=`;
  return (req, res, next) => {
    const safe = req.method === 'GET' || req.method === 'HEAD';
    if (safe && !req.headers.cookie?.includes(cookiePrefix)) return next();
    sessions(req, res, (err?: unknown) => {
      if (err) return next(err);
      restoreUser(req, res, (restoreErr?: unknown) => {
        // Issue 24: the session was looked up; whether anyone is signed in with it is now known.
        if (!restoreErr) markSessionChecked(req);
        next(restoreErr);
      });
    });
  };
}

/**
 * Body-parser failures (too large, malformed JSON) answered here in the API's error shape: Nest
 * would otherwise rewrap them and echo the parser's own wording.
 */
function bodyParserErrors(err: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = (err as { type?: unknown } | null)?.type;
  const fromBodyParser =
    typeof type === 'string' && (type.startsWith('entity.') || type === 'charset.unsupported' || type === 'encoding.unsupported');
  if (!fromBodyParser) return next(err);
  const mapped = mapError(err, String((req as Request & { id?: unknown }).id ?? ''));
  res.status(mapped.status).json(mapped.body);
}

function flattenValidation(errors: ClassValidatorError[], parent = ''): Array<{ field: string; messages: string[] }> {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, messages: Object.values(e.constraints) }] : [];
    return [...own, ...flattenValidation(e.children ?? [], field)];
  });
}
