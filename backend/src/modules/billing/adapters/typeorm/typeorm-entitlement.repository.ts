import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUuid } from '../../../../shared/ids';
import { type Entitlement, FREE, isSubscriptionTier } from '../../domain/entitlement';

/**
 * The entitlement columns of the `user` row, which billing owns while identity owns the row (ADR
 * 0012): `subscription_tier` and `is_subscribed`. Billing reads and writes those columns only.
 */
@Injectable()
export class TypeormEntitlementRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByUser(userId: string): Promise<Entitlement | null> {
    return (await this.findByUsers([userId])).get(userId) ?? null;
  }

  /** The entitlements of these users, in one query; unknown and malformed ids are left out. */
  async findByUsers(userIds: readonly string[]): Promise<Map<string, Entitlement>> {
    const ids = userIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = (await this.dataSource.query(`SELECT "id", "subscription_tier", "is_subscribed" FROM "user" WHERE "id" = ANY($1::uuid[])`, [ids])) as Array<{
      id: string;
      subscription_tier: string;
      is_subscribed: boolean;
    }>;
    return new Map(
      rows.map((row) => [row.id, isSubscriptionTier(row.subscription_tier) ? { tier: row.subscription_tier, isSubscribed: row.is_subscribed } : FREE]),
    );
  }

  /** How many accounts are subscribed now (the admin's "subscribed users"). */
  async subscribedCount(): Promise<number> {
    // The count the `user` table's triggers keep (migration 1796515200000), not a count of the table.
    const rows = (await this.dataSource.query(`SELECT "subscribed" AS n FROM "subscriber_count"`)) as Array<{ n: number }>;
    return rows[0].n;
  }
}
