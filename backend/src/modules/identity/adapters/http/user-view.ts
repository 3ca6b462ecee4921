import { ApiProperty } from '@nestjs/swagger';
import { isSubscriptionTier, SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../billing';
import type { SessionUser } from '../../application/session-user';

/**
 * The user object of the identity HTTP contract (GET /api/user, sign-in, sign-up: 000 §3, 001 §3);
 * never a password hash, token or session id. The OpenAPI document and the client's type are made
 * from this class (ADR 0027).
 */
export class UserResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'email' })
  email: string;

  @ApiProperty({ type: String })
  username: string;

  @ApiProperty({ type: String, nullable: true })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true })
  lastName: string | null;

  @ApiProperty({ type: Boolean })
  emailVerified: boolean;

  @ApiProperty({ type: Boolean })
  isSubscribed: boolean;

  @ApiProperty({ enum: SUBSCRIPTION_TIERS, enumName: 'SubscriptionTier', description: 'D6: "free" by default; "paid" after a pack; a plan tier while subscribed.' })
  subscriptionTier: SubscriptionTier;

  @ApiProperty({ type: Boolean, description: 'D22, D25: the e-mail is in ADMIN_EMAILS and verified.' })
  isAdmin: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

export function toUserView(user: SessionUser): UserResponse {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    emailVerified: user.emailVerified,
    isSubscribed: user.isSubscribed,
    // The column's check constraint allows only these (billing owns the tier, ADR 0012).
    subscriptionTier: isSubscriptionTier(user.subscriptionTier) ? user.subscriptionTier : 'free',
    isAdmin: user.isAdmin,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
