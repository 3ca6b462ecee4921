import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** D4: one credit held for a generation in flight; captured into a `use` row or released. */
@Entity({ name: 'credit_reservation' })
export class CreditReservationOrmEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Column({ type: 'uuid', nullable: true })
  imageId: string | null;

  @Column({ type: 'varchar', length: 20 })
  creditKind: 'regular' | 'watermarked';

  @Column('integer')
  credits: number;

  @Column({ type: 'uuid', nullable: true })
  groupId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'varchar', length: 20 })
  status: 'active' | 'captured' | 'released';

  @Column({ type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  /** The server instance that holds it (issue 9): released as soon as that instance is gone. */
  @Column({ type: 'uuid', nullable: true })
  instanceId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt: Date | null;
}
