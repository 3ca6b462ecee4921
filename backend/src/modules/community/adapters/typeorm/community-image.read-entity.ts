import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Community's own read mapping of the `image` table (ADR 0010): only the columns the feed,
 * laughs and leaderboard need, never the bytea columns. Generation owns every other column;
 * community is the only writer of `laugh_count` (D15).
 */
@Entity({ name: 'image', synchronize: false })
export class CommunityImageReadEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column('text') prompt!: string;
  @Column('varchar') style!: string;
  @Column('varchar') status!: string;
  @Column('timestamptz') timestamp!: Date;
  @Column({ name: 'is_public', type: 'boolean' }) isPublic!: boolean;
  @Column({ name: 'is_hidden_by_admin', type: 'boolean' }) isHiddenByAdmin!: boolean;
  @Column({ name: 'laugh_count', type: 'int' }) laughCount!: number;
}
