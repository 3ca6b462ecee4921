import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The `laugh` table (D15), owned by community: one row per (image, userIdentifier). */
@Entity({ name: 'laugh', synchronize: false })
export class LaughOrmEntity {
  @PrimaryColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'image_id', type: 'uuid' }) imageId!: string;
  @Column({ name: 'user_identifier', type: 'varchar' }) userIdentifier!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
