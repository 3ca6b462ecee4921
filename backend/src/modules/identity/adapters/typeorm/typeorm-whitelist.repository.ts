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

  /** Every entry, newest first, one page at a time, with the total. */
  async pageNewestFirst(limit: number, offset: number): Promise<{ entries: AdminWhitelistOrmEntity[]; total: number }> {
    const [entries, total] = await this.entries
      .createQueryBuilder('w')
      .orderBy('w.created_at', 'DESC')
      .addOrderBy('w.id', 'DESC')
      .limit(limit)
      .offset(offset)
      .getManyAndCount();
    return { entries, total };
  }

  /** The new entry, or null when (type, value) already has one (the unique constraint). */
  async add(entry: { type: 'ip' | 'email' | 'fingerprint'; value: string; reason: string | null; createdBy: string | null }): Promise<AdminWhitelistOrmEntity | null> {
    const inserted = await this.entries
      .createQueryBuilder()
      .insert()
      .values({ ...entry, isActive: true })
      .orIgnore()
      .returning('*')
      .execute();
    const id = (inserted.identifiers[0] as { id?: string } | undefined)?.id;
    return id === undefined ? null : this.entries.findOneBy({ id });
  }

  /** null when there is no such entry. */
  async setActive(id: string, isActive: boolean): Promise<AdminWhitelistOrmEntity | null> {
    if (!/^[0-9]{1,18}$/.test(id)) return null;
    const result = await this.entries.update({ id }, { isActive });
    if ((result.affected ?? 0) === 0) return null;
    return this.entries.findOneBy({ id });
  }
}
