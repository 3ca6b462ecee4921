import { Injectable } from '@nestjs/common';
import type { EntitlementApi } from '../billing.api';
import { TypeormEntitlementRepository } from '../adapters/typeorm/typeorm-entitlement.repository';
import { type Entitlement, FREE, hasPaidPlan } from '../domain/entitlement';

/** ENTITLEMENT_API (ADR 0012). */
@Injectable()
export class EntitlementService implements EntitlementApi {
  constructor(private readonly entitlements: TypeormEntitlementRepository) {}

  async entitlementOf(userId: string): Promise<Entitlement> {
    return (await this.entitlements.findByUser(userId)) ?? FREE;
  }

  async hasPaidPlan(userId: string): Promise<boolean> {
    return hasPaidPlan(await this.entitlementOf(userId));
  }

  async withoutPaidPlan(userIds: readonly string[]): Promise<string[]> {
    const known = await this.entitlements.findByUsers(userIds);
    return userIds.filter((id) => !hasPaidPlan(known.get(id) ?? FREE));
  }

  async entitlementsOf(userIds: readonly string[]): Promise<Map<string, Entitlement>> {
    const known = await this.entitlements.findByUsers(userIds);
    return new Map(userIds.map((id) => [id, known.get(id) ?? FREE]));
  }

  subscribedCount(): Promise<number> {
    return this.entitlements.subscribedCount();
  }
}
