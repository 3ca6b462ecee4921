import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row per account: where it was created from (D19), and how the anti-abuse rules saw it. */
@Entity({ name: 'ip_registration' })
export class IpRegistrationOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 45 })
  ipAddress: string;

  /** null once the account was deleted: the registration still counts for D19 (D35, ADR 0019). */
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  /** An admin_whitelist entry lifted the limits for this registration. */
  @Column({ type: 'boolean', default: false })
  isWhitelisted: boolean;

  /** The device fingerprint sent with the registration, if any. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  fingerprintHash: string | null;

  /** D19: a second account on a known device, let through after a captcha. */
  @Column({ type: 'boolean', default: false })
  isFlagged: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
