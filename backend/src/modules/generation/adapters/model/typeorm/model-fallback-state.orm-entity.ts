import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * D11/D41: the one row (id = 1) of the chain-wide model settings, shared by every instance: 001's
 * fallback override and the admin's order of the chain. Each model's health is in model_health.
 */
@Entity({ name: 'model_fallback_state' })
export class ModelFallbackStateOrmEntity {
  @PrimaryColumn('smallint')
  id: number;

  @Column({ type: 'boolean', nullable: true })
  adminOverride: boolean | null;

  @Column({ type: 'varchar', length: 100, array: true, nullable: true })
  chainOrder: string[] | null;

  @Column('timestamptz')
  updatedAt: Date;
}
