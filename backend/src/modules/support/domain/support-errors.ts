import { DomainError } from '../../../shared/errors/domain-error';

/** The support context's failures (codes SUPPORT.<REASON>), with the texts of the HTTP contract. */

/** D34: at most N contact messages an hour from one address. */
export class TooManyContactMessagesError extends DomainError {
  constructor(perHour: number) {
    super(
      'rate_limited',
      'SUPPORT.TOO_MANY_MESSAGES',
      `You have sent ${perHour} ${perHour === 1 ? 'message' : 'messages'} in the last hour. Please try again later.`,
    );
  }
}
