import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Entitlement, FREE, isSubscriptionTier } from '../../domain/entitlement';

/**
 * The entitlement columns of the `user` row, which billing owns while identity owns the row (ADR
 * 0012): `subscription_tier` and `is_subscribed`. Billing reads and writes those columns only.
 */
@Injectable()
export class TypeormEntitlementRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByUser(userId: string): Promise<Entitlement | null> {
    const rows = (await this.dataSource.query(`SELECT "subscription_tier", "is_subscribed" FROM "user" WHERE "id" = $1`, [userId])) as Array<{
      subscription_tier: string;
      is_subscribed: boolean;
    }>;
    const row = rows[0];
    if (!row) return null;
    return isSubscriptionTier(row.subscription_tier) ? { tier: row.subscription_tier, isSubscribed: row.is_subscribed } : FREE;
  }
}
