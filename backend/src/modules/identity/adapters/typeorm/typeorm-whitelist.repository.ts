import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { AdminWhitelistOrmEntity } from './admin-whitelist.orm-entity';

export interface WhitelistCandidates {
  ip?: string | null;
  /** Normalised (lower-cased). */
  email?: string | null;
  fingerprint?: string | null;
}

/** An entry's columns as the entity names them (RETURNING gives raw rows). */
const ENTRY_COLUMNS = `"id"::text AS "id", "type", "value", "reason", "is_active" AS "isActive", "created_by" AS "createdBy", "created_at" AS "createdAt"`;

/**
 * D19 as a predicate over an address given by the parameter reference `ipRef` (already normalised,
 * shared/ip): true when an active `ip` entry names it (the unique index on type and value finds it).
 * The same rule as anyWhitelisted's `ip` case, for a statement that must decide in its own round trip.
 */
export function activeIpEntrySql(ipRef: string): string {
  return `EXISTS (SELECT 1 FROM "admin_whitelist" w WHERE w."type" = 'ip' AND w."value" = ${ipRef} AND w."is_active")`;
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

  /** The new entry, or null when (type, value) already has one (the unique constraint); one statement. */
  async add(entry: { type: 'ip' | 'email' | 'fingerprint'; value: string; reason: string | null; createdBy: string | null }): Promise<AdminWhitelistOrmEntity | null> {
    const rows = returnedRows<AdminWhitelistOrmEntity>(
      await this.entries.query(
        `INSERT INTO "admin_whitelist" ("type", "value", "reason", "created_by") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("type", "value") DO NOTHING RETURNING ${ENTRY_COLUMNS}`,
        [entry.type, entry.value, entry.reason, entry.createdBy],
      ),
    );
    return rows[0] ?? null;
  }

  /** The entry after the change, or null when there is no such entry; one statement. */
  async setActive(id: string, isActive: boolean): Promise<AdminWhitelistOrmEntity | null> {
    if (!/^[0-9]{1,18}$/.test(id)) return null;
    const rows = returnedRows<AdminWhitelistOrmEntity>(
      await this.entries.query(`UPDATE "admin_whitelist" SET "is_active" = $2 WHERE "id" = $1 RETURNING ${ENTRY_COLUMNS}`, [id, isActive]),
    );
    return rows[0] ?? null;
  }
}
