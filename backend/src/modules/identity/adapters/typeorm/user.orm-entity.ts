import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The `user` table (spec 001 §3), the columns the identity context reads and writes. */
@Entity({ name: 'user' })
export class UserOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  /** Stored trimmed and lower-cased; unique on lower(email). */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  /** The argon2id hash (D18), never the password. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  lastName: string | null;

  @Column({ type: 'boolean', default: false })
  isSubscribed: boolean;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  subscriptionTier: string;

  @Column({ type: 'boolean', default: false })
  isSuspended: boolean;

  @Column({ type: 'boolean', default: false })
  emailVerified: boolean;

  /** SHA-256 hex of the verification token (D1); the token itself is only in the mail. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  emailVerificationToken: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  emailVerificationExpiresAt: Date | null;

  /**
   * D35: the owner asked to delete the account (ADR 0019). From then on it signs in nowhere and
   * the rest of the deletion runs; a row left with this set is finished by the privacy job.
   */
  @Column({ type: 'timestamptz', nullable: true })
  deletionRequestedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
