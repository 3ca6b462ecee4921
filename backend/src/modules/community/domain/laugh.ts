import { isUuid } from '../../../shared/ids';
import { ForeignUserIdentifierError, InvalidUserIdentifierError } from './community-errors';

/**
 * Laughs (D15): anonymous, one per image and browser (`userIdentifier`). Adding twice counts once;
 * removing one that is not there changes nothing, so `laugh_count` never goes below 0. The count
 * moves in the same statement as the laugh row (see TypeormCommunityRepository).
 */

/**
 * Laughs per client IP per minute: generous for people, a wall for scripts (D15, no config knob).
 * An active `admin_whitelist` entry of type `ip` lifts it, as it lifts the D19 limits.
 */
export const LAUGHS_PER_IP_PER_MINUTE = 60;

export type LaughAction = 'add' | 'remove';

export interface LaughState {
  laughCount: number;
  hasLaughed: boolean;
}

const USER_IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;

/** A browser's identifier: 1 to 128 letters, digits, `_` or `-`; anything else is refused (400). */
export function checkUserIdentifier(raw: unknown): string {
  if (typeof raw !== 'string' || !USER_IDENTIFIER.test(raw)) throw new InvalidUserIdentifierError();
  return raw;
}

/** Who laughs: the identifier, and whether it is the signed-in user laughing as themselves. */
export interface Laugher {
  userIdentifier: string;
  /**
   * The user id when the identifier is the signed-in user's own id (a My Edits laugh, 001 §3):
   * then their own images count too, even private ones. Null for a browser identifier.
   */
  asUser: string | null;
}

/**
 * 001 §3: a laugh from My Edits uses the user id as its identifier. Browser identifiers are never
 * bare UUIDs (000 §3: a prefix, a timestamp and random text), so an identifier in the form of a user
 * id is accepted only from that signed-in user: no one laughs, or reads laughs, as someone else.
 */
export function checkLaugher(userIdentifier: string, viewerId: string | null): Laugher {
  if (!isUuid(userIdentifier)) return { userIdentifier, asUser: null };
  if (userIdentifier !== viewerId) throw new ForeignUserIdentifierError();
  return { userIdentifier, asUser: viewerId };
}

/** The most images one laughed-state question may name (a My Edits page is at most 100). */
export const MAX_LAUGHED_IDS = 100;

/** Image ids are UUIDs; anything else names no image. */
export function isImageId(id: string): boolean {
  return isUuid(id);
}

/** The answer to a laugh toggle: after an add the browser has laughed, after a remove it has not. */
export function laughStateAfter(action: LaughAction, laughCount: number): LaughState {
  return { laughCount, hasLaughed: action === 'add' };
}
