import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One signed ledger row (D3). Mapped onto the table of the initial migration; never synchronised. */
@Entity({ name: 'credit_transaction' })
export class CreditTransactionOrmEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** null once the account was deleted: the row stays for accounting, anonymised (D35, ADR 0019). */
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  /** grant | purchase | subscription | refund | use | adjustment */
  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 20 })
  creditKind: 'regular' | 'watermarked';

  /** signed */
  @Column('integer')
  credits: number;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  sourceType: string | null;

  /** A positive row's own id; a use / negative adjustment: the group it drew from (ADR 0007). */
  @Column({ type: 'uuid', nullable: true })
  groupId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeTransactionId: string | null;

  /** cents */
  @Column({ type: 'integer', nullable: true })
  purchaseAmount: number | null;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  packType: string | null;

  @Column({ type: 'uuid', nullable: true })
  imageId: string | null;

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
