import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * D18: passwords are hashed with argon2id (@node-rs/argon2's defaults: argon2id, 19 MiB,
 * 2 passes, 1 lane; the OWASP baseline). The parameters travel inside each hash, so stronger
 * settings later still verify old hashes.
 */
@Injectable()
export class Argon2PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // not an argon2 hash: nothing can match it
    }
  }

  /**
   * The same work as a real check, for an e-mail with no account, so the answer's timing does not
   * tell which addresses have accounts. Always false.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummy, password);
    return false;
  }
}
