import { DomainError } from '../../../shared/errors/domain-error';

/** D4: nothing left to pay with → HTTP 402 "Insufficient credits". */
export class InsufficientCreditsError extends DomainError {
  constructor() {
    super('payment_required', 'CREDITS.INSUFFICIENT', 'Insufficient credits');
  }
}
