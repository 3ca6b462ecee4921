import { Logger } from '@nestjs/common';
import { SafeTypeOrmLogger } from './safe-typeorm-logger';

describe('SafeTypeOrmLogger', () => {
  it('logs a failed query without its parameters', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    new SafeTypeOrmLogger().logQueryError(new Error('duplicate key'), 'INSERT INTO "user" (password) VALUES ($1)', ['$argon2id$secret-hash']);
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0]?.[0]);
    expect(line).toContain('duplicate key');
    expect(line).toContain('INSERT INTO "user"');
    expect(line).not.toContain('secret-hash');
    error.mockRestore();
  });
});
