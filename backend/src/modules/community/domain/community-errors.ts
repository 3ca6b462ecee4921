import { DomainError, NotFoundError, ValidationError } from '../../../shared/errors/domain-error';

/**
 * The community context's failures. Their codes are the HTTP contract the client already reads,
 * shared with the contexts that answer the same cases: a missing image is generation's
 * `IMAGE.NOT_FOUND` and a rate limit is identity's `RATE_LIMIT.BLOCKED` (spec 000 §5), and bad
 * input is `VALIDATION.FAILED`; a community-only code would change what clients see.
 */

/** A laugh or has-laughed on an image that is not in the feed (unknown, private, hidden, unfinished) and not the caller's own. */
export class CommunityImageNotFoundError extends NotFoundError {
  constructor() {
    super('IMAGE.NOT_FOUND', 'Image not found');
  }
}

/** D15: more than LAUGHS_PER_IP_PER_MINUTE laughs from one address in its one-minute window. */
export class LaughRateLimitedError extends DomainError {
  constructor() {
    super('rate_limited', 'RATE_LIMIT.BLOCKED', 'Too many laughs. Please wait a minute.');
  }
}

export class InvalidUserIdentifierError extends ValidationError {
  constructor() {
    super('userIdentifier must be 1 to 128 characters of letters, digits, "_" or "-"');
  }
}

/** 001 §3: a user-id identifier is the signed-in user's own (checkLaugher). */
export class ForeignUserIdentifierError extends DomainError {
  constructor() {
    super('forbidden', 'LAUGH.FOREIGN_IDENTIFIER', 'Sign in as this user to laugh with their user id');
  }
}
