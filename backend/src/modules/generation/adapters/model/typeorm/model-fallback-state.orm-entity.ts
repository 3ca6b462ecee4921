import { Column, Entity, PrimaryColumn } from 'typeorm';

/** D11: the one row (id = 1) of the image model fallback state, shared by every instance. */
@Entity({ name: 'model_fallback_state' })
export class ModelFallbackStateOrmEntity {
  @PrimaryColumn('smallint')
  id: number;

  @Column('boolean')
  isActive: boolean;

  @Column({ type: 'boolean', nullable: true })
  adminOverride: boolean | null;

  @Column('integer')
  failureCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  retryAfter: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastFailureTime: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastRecoveryCheck: Date | null;

  @Column('timestamptz')
  updatedAt: Date;
}
