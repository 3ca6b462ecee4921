import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';
import { REPORTS_PER_HOUR } from './report';

/** The reports context's failures (codes REPORT.<REASON> and IMAGE.BLOCKED), with the texts of the HTTP contract. */

/** D43: this reporter already reported this image (signed in: this account; else this address). */
export class AlreadyReportedError extends DomainError {
  constructor() {
    super('conflict', 'REPORT.ALREADY_REPORTED', 'You have already reported this image. Thank you: it is being reviewed.');
  }
}

export class TooManyReportsError extends DomainError {
  constructor() {
    super('rate_limited', 'REPORT.TOO_MANY', `You can send ${REPORTS_PER_HOUR} reports an hour. Please try again later.`);
  }
}

/** Admin: no open report for this image (never reported, or decided already). */
export class NoOpenReportError extends NotFoundError {
  constructor() {
    super('REPORT.NOT_FOUND', 'There is no open report for this image.');
  }
}

/** D43: an upload or an output that matches a taken-down image (exact or perceptual hash). */
export class ImageBlockedError extends DomainError {
  constructor() {
    super('unprocessable', 'IMAGE.BLOCKED', "This image can't be used.");
  }
}
