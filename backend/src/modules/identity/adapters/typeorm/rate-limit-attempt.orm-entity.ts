import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** D19 counters, one row per (address, kind, identifier); see TypeormRateLimitRepository. */
@Entity({ name: 'rate_limit_attempt' })
export class RateLimitAttemptOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 45 })
  ipAddress: string;

  @Column({ type: 'varchar', length: 20 })
  attemptType: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  identifier: string;

  @Column({ type: 'integer', default: 1 })
  attemptCount: number;

  @Column({ type: 'timestamptz' })
  windowStart: Date;

  @Column({ type: 'timestamptz' })
  lastAttempt: Date;

  @Column({ type: 'boolean', default: false })
  isBlocked: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;
}
