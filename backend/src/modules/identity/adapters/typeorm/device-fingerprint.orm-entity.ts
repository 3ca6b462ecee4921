import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** D19: the first account on a device owns its fingerprint row (fingerprint_hash is unique). */
@Entity({ name: 'device_fingerprint' })
export class DeviceFingerprintOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  fingerprintHash: string;

  /** null once that account was deleted: the fingerprint still counts for D19 (D35, ADR 0019). */
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  /** Set when a further account was created on this device (after a captcha). */
  @Column({ type: 'boolean', default: false })
  isFlagged: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
