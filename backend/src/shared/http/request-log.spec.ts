import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { requestLogLevel, requestLogOptions } from './request-log';

const req = (url: string) => ({ method: 'GET', url, originalUrl: url }) as unknown as IncomingMessage;
const res = (statusCode: number) => ({ statusCode }) as ServerResponse;

describe('request log levels (issue 15)', () => {
  it('keeps polls at debug, a signed-out 401 at info, other client errors at warn, server errors at error', () => {
    expect(requestLogLevel(req('/api/user/credits'), res(200))).toBe('debug');
    expect(requestLogLevel(req('/api/user/credits?x=1'), res(401))).toBe('debug');
    expect(requestLogLevel(req('/api/health'), res(200))).toBe('debug');
    expect(requestLogLevel(req('/api/health'), res(503))).toBe('error');
    expect(requestLogLevel(req('/api/user'), res(401))).toBe('info');
    expect(requestLogLevel(req('/api/user'), res(200))).toBe('info');
    expect(requestLogLevel(req('/api/nope'), res(404))).toBe('warn');
    expect(requestLogLevel(req('/api/user'), res(200), new Error('boom'))).toBe('error');
  });

  it('skips a request line the configured level drops (silent for pino-http: no work for it)', () => {
    const atInfo = requestLogOptions({ env: 'production', logLevel: 'info' }).customLogLevel as typeof requestLogLevel;
    const atDebug = requestLogOptions({ env: 'production', logLevel: 'debug' }).customLogLevel as typeof requestLogLevel;
    const atError = requestLogOptions({ env: 'production', logLevel: 'error' }).customLogLevel as typeof requestLogLevel;
    expect(atInfo(req('/api/user/credits'), res(200))).toBe('silent');
    expect(atDebug(req('/api/user/credits'), res(200))).toBe('debug');
    expect(atInfo(req('/api/user'), res(200))).toBe('info');
    expect(atInfo(req('/api/nope'), res(404))).toBe('warn');
    expect(atError(req('/api/nope'), res(404))).toBe('silent');
    expect(atError(req('/api/health'), res(503))).toBe('error');
    const atSilent = requestLogOptions({ env: 'production', logLevel: 'silent' }).customLogLevel as typeof requestLogLevel;
    expect(atSilent(req('/api/x'), res(500))).toBe('silent');
  });

  it("writes Nest's start-up lines (modules, routes) at debug", () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const { hooks } = requestLogOptions({ env: 'production', logLevel: 'debug' });
    const logger = pino({ level: 'debug', hooks: hooks as pino.LoggerOptions['hooks'] }, sink);
    logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/user, GET} route');
    logger.info({ context: 'Bootstrap' }, 'listening');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'Mapped {/api/user, GET} route'],
      [30, 'listening'],
    ]);
  });
});
