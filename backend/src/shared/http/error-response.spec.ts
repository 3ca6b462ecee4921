import { BadRequestException, ForbiddenException, InternalServerErrorException } from '@nestjs/common';
import { DomainError, DomainErrorKind } from '../errors/domain-error';
import { mapError } from './error-response';

describe('mapError', () => {
  const cases: Array<[DomainErrorKind, number]> = [
    ['invalid', 400],
    ['unauthenticated', 401],
    ['payment_required', 402],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['too_large', 413],
    ['unsupported_media_type', 415],
    ['unprocessable', 422],
    ['rate_limited', 429],
    ['unavailable', 503],
  ];
  it.each(cases)('maps a DomainError of kind %s to HTTP %i with {message, error, code}', (kind, status) => {
    const mapped = mapError(new DomainError(kind, 'X.Y', 'Human message'), 'cid');
    expect(mapped.status).toBe(status);
    expect(mapped.body).toEqual({ message: 'Human message', error: 'Human message', code: 'X.Y' });
    expect(mapped.unexpected).toBe(false);
  });

  it('keeps a short error code apart from the message when one is given (nsfw_detected)', () => {
    const err = new DomainError('invalid', 'GENERATION.NSFW', 'The AI detected inappropriate content.', {
      error: 'nsfw_detected',
    });
    expect(mapError(err, 'cid').body).toEqual({
      message: 'The AI detected inappropriate content.',
      error: 'nsfw_detected',
      code: 'GENERATION.NSFW',
    });
  });

  it('answers 402 "Insufficient credits" the way the editor recognises it', () => {
    const mapped = mapError(new DomainError('payment_required', 'CREDITS.INSUFFICIENT', 'Insufficient credits'), 'c');
    expect(mapped.status).toBe(402);
    expect(mapped.body.message).toContain('Insufficient credits');
  });

  it('passes details through', () => {
    const details = [{ field: 'email', messages: ['Please enter a valid email address'] }];
    expect(mapError(new DomainError('invalid', 'VALIDATION.FAILED', 'bad', { details }), 'c').body.details).toBe(details);
  });

  it('maps Nest HTTP exceptions with their status and message', () => {
    expect(mapError(new ForbiddenException('Nope'), 'c')).toMatchObject({ status: 403, body: { message: 'Nope', code: 'HTTP.FORBIDDEN' } });
    const validation = new BadRequestException({ message: ['a is bad', 'b is bad'] });
    expect(mapError(validation, 'c').body.message).toBe('a is bad; b is bad');
  });

  it('maps body-parser errors without leaking parser internals', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, expose: true, type: 'entity.too.large' });
    expect(mapError(tooLarge, 'c')).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } });
    const badJson = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), {
      status: 400,
      expose: true,
      type: 'entity.parse.failed',
    });
    expect(mapError(badJson, 'c').body.message).toBe('The request body is not valid JSON.');
  });

  it('turns unknown errors into a 500 with the correlation id and no internal detail', () => {
    const mapped = mapError(new TypeError('cannot read properties of undefined (secret internals)'), 'req-123');
    expect(mapped.status).toBe(500);
    expect(mapped.unexpected).toBe(true);
    expect(mapped.body.correlationId).toBe('req-123');
    expect(JSON.stringify(mapped.body)).not.toContain('secret internals');
  });

  it('treats Nest 5xx exceptions as unexpected too', () => {
    const mapped = mapError(new InternalServerErrorException('db password is hunter2'), 'c');
    expect(mapped.status).toBe(500);
    expect(JSON.stringify(mapped.body)).not.toContain('hunter2');
  });

  it('answers 400 (not 500) when PostgreSQL refuses a NUL character (issue 9)', () => {
    const nul = { message: 'The request must not contain the NUL character (\\u0000).', error: 'The request must not contain the NUL character (\\u0000).', code: 'HTTP.NUL_CHARACTER' };
    // TypeORM's QueryFailedError wraps the pg error; a bare pg error carries severity and code.
    const wrapped = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { driverError: { code: '22021' } });
    expect(mapError(wrapped, 'c')).toEqual({ status: 400, body: nul, unexpected: false });
    const bare = Object.assign(new Error('unsupported Unicode escape sequence'), { severity: 'ERROR', code: '22P05' });
    expect(mapError(bare, 'c')).toEqual({ status: 400, body: nul, unexpected: false });
    expect(mapError(Object.assign(new Error('x'), { driverError: { code: '23505' } }), 'c').status).toBe(500);
  });

  it('answers 400 "nested too deeply" when the JSON parser itself runs out of stack', () => {
    const err = Object.assign(new SyntaxError('Maximum call stack size exceeded'), { status: 400, expose: true, type: 'entity.parse.failed' });
    expect(mapError(err, 'c')).toMatchObject({ status: 400, body: { code: 'HTTP.BODY_TOO_DEEP', message: 'The request body is nested too deeply.' } });
  });

  it('answers 503 DATABASE.BUSY (not 500) for a lock or statement timeout and for a pool that stays full (issue 24)', () => {
    const busy = { status: 503, body: { code: 'DATABASE.BUSY' }, unexpected: false };
    expect(mapError(Object.assign(new Error('canceling statement due to lock timeout'), { driverError: { code: '55P03' } }), 'c')).toMatchObject(busy);
    expect(mapError(Object.assign(new Error('canceling statement due to statement timeout'), { severity: 'ERROR', code: '57014' }), 'c')).toMatchObject(busy);
    expect(mapError(new Error('timeout exceeded when trying to connect'), 'c')).toMatchObject(busy);
    expect(mapError(Object.assign(new Error('deadlock detected'), { driverError: { code: '40P01' } }), 'c').status).toBe(500);
  });
});
