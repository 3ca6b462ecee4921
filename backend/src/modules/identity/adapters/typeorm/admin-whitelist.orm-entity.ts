import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** D19: an active entry (type ip, email or fingerprint) lifts the anti-abuse limits for its value. */
@Entity({ name: 'admin_whitelist' })
export class AdminWhitelistOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  type: 'ip' | 'email' | 'fingerprint';

  @Column({ type: 'varchar', length: 255 })
  value: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
