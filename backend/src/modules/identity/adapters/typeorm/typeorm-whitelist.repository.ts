import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { AdminWhitelistOrmEntity } from './admin-whitelist.orm-entity';

export interface WhitelistCandidates {
  ip?: string | null;
  /** Normalised (lower-cased). */
  email?: string | null;
  fingerprint?: string | null;
}

/** D19: active admin_whitelist entries lift the anti-abuse limits for their value. */
@Injectable()
export class TypeormWhitelistRepository {
  constructor(@InjectRepository(AdminWhitelistOrmEntity) private readonly entries: Repository<AdminWhitelistOrmEntity>) {}

  /** true when any of the given values has an active entry of its type. */
  async anyWhitelisted(candidates: WhitelistCandidates): Promise<boolean> {
    const pairs = (
      [
        ['ip', candidates.ip],
        ['email', candidates.email],
        ['fingerprint', candidates.fingerprint],
      ] as const
    ).filter((p): p is readonly ['ip' | 'email' | 'fingerprint', string] => typeof p[1] === 'string' && p[1] !== '');
    if (pairs.length === 0) return false;
    return this.entries
      .createQueryBuilder('w')
      .where('w.is_active')
      .andWhere(
        new Brackets((qb) => {
          pairs.forEach(([type, value], i) => {
            // E-mail entries match case-insensitively; addresses and fingerprints as written.
            const valueSql = type === 'email' ? `lower(w.value) = :v${i}` : `w.value = :v${i}`;
            qb.orWhere(`(w.type = :t${i} AND ${valueSql})`, { [`t${i}`]: type, [`v${i}`]: value });
          });
        }),
      )
      .getExists();
  }
}
