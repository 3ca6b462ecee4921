import {
  CancelConfirmationError,
  CardDeclinedError,
  CardInvalidError,
  CheckoutBusyError,
  CheckoutExpiredError,
  CheckoutNotFoundError,
  EmailNotVerifiedError,
  NoSubscriptionError,
  PaymentsUnavailableError,
  SamePlanError,
  SubscriptionEndingError,
  SubscriptionPaymentPendingError,
  WebhookApiVersionError,
  WebhookSignatureError,
} from './billing-errors';

describe('billing errors keep the codes and texts of the HTTP contract (docs/billing.md)', () => {
  it('buying needs a verified e-mail: 403 BILLING.EMAIL_NOT_VERIFIED', () => {
    expect(new EmailNotVerifiedError()).toMatchObject({
      kind: 'forbidden',
      code: 'BILLING.EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address before buying credits or a plan.',
    });
  });

  it('D28: choosing the current plan is a 409 "You are already subscribed to this plan"', () => {
    expect(new SamePlanError()).toMatchObject({ kind: 'conflict', code: 'BILLING.SAME_PLAN', message: 'You are already subscribed to this plan' });
  });

  it('D28: a plan change is refused with a 409 while the subscription is ending or waiting for a payment', () => {
    expect(new SubscriptionEndingError()).toMatchObject({
      kind: 'conflict',
      code: 'BILLING.SUBSCRIPTION_ENDING',
      message: 'Your subscription is set to end. Resume it before changing plans.',
    });
    expect(new SubscriptionPaymentPendingError()).toMatchObject({
      kind: 'conflict',
      code: 'BILLING.SUBSCRIPTION_PENDING',
      message: 'Your subscription is waiting for a payment. Please try again in a few minutes or contact support.',
    });
  });

  it('cancelling without a subscription is a 404', () => {
    expect(new NoSubscriptionError()).toMatchObject({ kind: 'not_found', code: 'BILLING.NO_SUBSCRIPTION', message: 'You have no active subscription' });
  });

  it('D30: an unknown checkout is a 404 and an expired one a 409 that sends the buyer back to the pricing page', () => {
    expect(new CheckoutNotFoundError()).toMatchObject({ kind: 'not_found', code: 'BILLING.CHECKOUT_NOT_FOUND', message: 'Checkout not found' });
    expect(new CheckoutExpiredError()).toMatchObject({
      kind: 'conflict',
      code: 'BILLING.CHECKOUT_EXPIRED',
      message: 'This checkout has expired. Please start again from the pricing page.',
    });
  });

  it('an unreachable payment provider is a 503 (nothing was charged)', () => {
    expect(new PaymentsUnavailableError()).toMatchObject({
      kind: 'unavailable',
      code: 'BILLING.PROVIDER_UNAVAILABLE',
      message: 'Payments are unavailable right now. Please try again in a few minutes.',
    });
  });

  it('D30: a refused card is a 402 with the provider’s words, and a bad card form a 400', () => {
    expect(new CardDeclinedError('Your card was declined.')).toMatchObject({
      kind: 'payment_required',
      code: 'BILLING.CARD_DECLINED',
      message: 'Your card was declined.',
    });
    expect(new CardDeclinedError('Your card has insufficient funds.', 'BILLING.PAYMENT_DECLINED')).toMatchObject({
      kind: 'payment_required',
      code: 'BILLING.PAYMENT_DECLINED',
    });
    expect(new CardInvalidError('Your card number is incorrect.')).toMatchObject({
      kind: 'invalid',
      code: 'BILLING.CARD_INVALID',
      message: 'Your card number is incorrect.',
    });
  });

  it('an unconfirmed cancellation is a 400 that says what is missing', () => {
    expect(new CancelConfirmationError('The e-mail you typed does not match your account.')).toMatchObject({
      kind: 'invalid',
      code: 'BILLING.CANCEL_NOT_CONFIRMED',
      message: 'The e-mail you typed does not match your account.',
    });
  });

  it('D27: a webhook with a bad signature is a 400', () => {
    expect(new WebhookSignatureError()).toMatchObject({ kind: 'invalid', code: 'BILLING.WEBHOOK_SIGNATURE', message: 'Invalid webhook signature' });
  });

  it('issue 24: a second checkout opened at once elsewhere is a 409 asking to wait', () => {
    expect(new CheckoutBusyError()).toMatchObject({
      kind: 'conflict',
      code: 'BILLING.CHECKOUT_BUSY',
      message: 'A checkout is already being opened. Please wait a moment and try again.',
    });
  });

  it('issue 24: a webhook in an API version this code does not read is a 400 naming the version (Stripe retries it)', () => {
    expect(new WebhookApiVersionError('2020-08-27')).toMatchObject({
      kind: 'invalid',
      code: 'BILLING.WEBHOOK_API_VERSION',
      message: 'Webhook events in API version 2020-08-27 are not supported; see docs/billing.md',
    });
    expect(new WebhookApiVersionError(null).message).toBe('Webhook events in API version (none) are not supported; see docs/billing.md');
  });
});
