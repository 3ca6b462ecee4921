import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';

/** 403: buying needs a verified e-mail (the credits it brings are tied to a real address). */
export class EmailNotVerifiedError extends DomainError {
  constructor() {
    super('forbidden', 'BILLING.EMAIL_NOT_VERIFIED', 'Please verify your email address before buying credits or a plan.');
  }
}

/** D28: 409 "You are already subscribed to this plan". */
export class SamePlanError extends DomainError {
  constructor() {
    super('conflict', 'BILLING.SAME_PLAN', 'You are already subscribed to this plan');
  }
}

export class SubscriptionEndingError extends DomainError {
  constructor() {
    super('conflict', 'BILLING.SUBSCRIPTION_ENDING', 'Your subscription is set to end. Resume it before changing plans.');
  }
}

/** A subscription exists but its first payment (or a retry) has not gone through. */
export class SubscriptionPaymentPendingError extends DomainError {
  constructor() {
    super('conflict', 'BILLING.SUBSCRIPTION_PENDING', 'Your subscription is waiting for a payment. Please try again in a few minutes or contact support.');
  }
}

export class NoSubscriptionError extends NotFoundError {
  constructor() {
    super('BILLING.NO_SUBSCRIPTION', 'You have no active subscription');
  }
}

export class CheckoutNotFoundError extends NotFoundError {
  constructor() {
    super('BILLING.CHECKOUT_NOT_FOUND', 'Checkout not found');
  }
}

export class CheckoutExpiredError extends DomainError {
  constructor() {
    super('conflict', 'BILLING.CHECKOUT_EXPIRED', 'This checkout has expired. Please start again from the pricing page.');
  }
}

/** 503: the provider cannot be reached; nothing was charged. */
export class PaymentsUnavailableError extends DomainError {
  constructor() {
    super('unavailable', 'BILLING.PROVIDER_UNAVAILABLE', 'Payments are unavailable right now. Please try again in a few minutes.');
  }
}

/** 402: a card was refused (the provider's message is for the user). */
export class CardDeclinedError extends DomainError {
  constructor(message: string, code = 'BILLING.CARD_DECLINED') {
    super('payment_required', code, message);
  }
}

/** 400: a local test card form that is not complete or not valid (Stripe's wording). */
export class CardInvalidError extends DomainError {
  constructor(message: string) {
    super('invalid', 'BILLING.CARD_INVALID', message);
  }
}

export class CancelConfirmationError extends DomainError {
  constructor(message: string) {
    super('invalid', 'BILLING.CANCEL_NOT_CONFIRMED', message);
  }
}

export class WebhookSignatureError extends DomainError {
  constructor() {
    super('invalid', 'BILLING.WEBHOOK_SIGNATURE', 'Invalid webhook signature');
  }
}

/**
 * Issue 24: 409 while another request of this account (on another instance) is opening a checkout
 * or changing the plan; requests on one instance wait their turn instead.
 */
export class CheckoutBusyError extends DomainError {
  constructor() {
    super('conflict', 'BILLING.CHECKOUT_BUSY', 'A checkout is already being opened. Please wait a moment and try again.');
  }
}

/**
 * Issue 24: 400 for a signed webhook event in an API shape this code does not read (the endpoint's
 * API version); Stripe retries it, so nothing is lost once the endpoint is set to the right version.
 */
export class WebhookApiVersionError extends DomainError {
  constructor(version: string | null) {
    super('invalid', 'BILLING.WEBHOOK_API_VERSION', `Webhook events in API version ${version ?? '(none)'} are not supported; see docs/billing.md`);
  }
}
