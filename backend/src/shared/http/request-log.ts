import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { type LevelWithSilent, levels } from 'pino';
import { startTime } from 'pino-http';
import type { AuthUser } from '../auth/auth-user';
import { redactUrl } from './redact-url';
import { assignRequestId } from './request-id';

type PinoHttpOptions = Exclude<NonNullable<Params['pinoHttp']>, unknown[]> & Record<string, unknown>;

/** Every open tab polls these (the credits poll, 30 a minute) or a load balancer does: debug only. */
const QUIET_PATHS = new Set(['/api/user/credits', '/api/health']);

/**
 * Nest's start-up chatter (a line per module, controller and route, ~50 lines): debug, not info.
 * The app's own "listening" line says that it started.
 */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestFactory', 'NestApplication']);

const INFO = levels.values.info;

type LoggedRequest = IncomingMessage & { originalUrl?: string; id?: unknown; user?: Partial<AuthUser> };

function pathOf(req: LoggedRequest): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0];
}

/** The level of a request's line: server errors are errors, client mistakes warnings, polls debug. */
export function requestLogLevel(req: LoggedRequest, res: ServerResponse, err?: Error): LevelWithSilent {
  if (err || res.statusCode >= 500) return 'error';
  if (QUIET_PATHS.has(pathOf(req))) return 'debug';
  // Signed out is a normal state (every anonymous page load asks GET /api/user), not a warning.
  if (res.statusCode === 401) return 'info';
  return res.statusCode >= 400 ? 'warn' : 'info';
}

/** "GET /api/reset-password/[redacted] 200 3 ms": the line a person reads (tokens never in it). */
function requestLine(req: LoggedRequest, res: ServerResponse, responseTime: number): string {
  return `${req.method} ${redactUrl(req.originalUrl ?? req.url)} ${res.statusCode} ${responseTime} ms`;
}

/**
 * pino-http's options (issue 15): one line per request with method, path (tokens redacted, D1/D36),
 * status, time, request id and user id; never headers or cookies. Readable one-liners in
 * development (pino-pretty), JSON elsewhere.
 */
export function requestLogOptions(config: { env: string; logLevel: string }): PinoHttpOptions {
  const threshold = levels.values[config.logLevel] ?? Infinity; // 'silent' is Infinity: nothing is written
  return {
    level: config.logLevel,
    transport:
      config.env === 'development'
        ? {
            target: 'pino-pretty',
            options: {
              singleLine: true,
              colorize: Boolean(process.stdout.isTTY),
              translateTime: 'SYS:HH:MM:ss',
              messageFormat: '{if context}[{context}] {end}{msg}{if userId} user={userId}{end}',
              ignore: 'pid,hostname,req,res,responseTime,reqId,userId,context',
            },
          }
        : undefined,
    // A request id for every log line and response; a well-formed incoming one is kept so a
    // proxy's id follows the request through.
    genReqId: assignRequestId,
    redact: {
      // D33: a user's OpenAI key is never logged. Request bodies are not logged at all; this
      // censors the field should any log object ever carry one. Headers are not logged either
      // (the serializers below); the header paths stay as a second lock.
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'openaiKey', '*.openaiKey', '*.*.openaiKey'],
      censor: '[redacted]',
    },
    // Only what a request line needs: no headers, cookies, query objects or route params (the
    // params repeat the path, token included; D1, D36: shared/http/redact-url).
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (req: LoggedRequest) => (req.user?.id ? { userId: req.user.id } : {}),
    customSuccessMessage: requestLine,
    customErrorMessage: (req: LoggedRequest, res: ServerResponse) => requestLine(req, res, Date.now() - res[startTime]),
    // A line the level would drop is 'silent' for pino-http, which then skips it whole (the user
    // id's child logger, the message, the response's serializer): not logging a poll costs nothing.
    customLogLevel: (req: LoggedRequest, res: ServerResponse, err?: Error) => {
      const level = requestLogLevel(req, res, err);
      return level !== 'silent' && levels.values[level] >= threshold ? level : 'silent';
    },
    hooks: {
      logMethod(this: { debug: (...args: unknown[]) => void }, args: unknown[], method: (...args: unknown[]) => void, level: number) {
        const first = args[0] as { context?: unknown } | undefined;
        if (level === INFO && typeof first?.context === 'string' && BOOT_CONTEXTS.has(first.context)) return this.debug(...args);
        return method.apply(this, args);
      },
    },
  };
}
