import type { NextFunction, Request, Response } from 'express';

/**
 * Issue 9: the browser features no page of ours uses are switched off for the app and anything it
 * embeds (the captcha iframe included); payments only by our own origin. Only features Chromium
 * knows are listed (an unknown one is reported as a console error on every page), so no
 * `interest-cohort`: `browsing-topics` is its successor. Structured-header syntax (RFC 8941).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/** Sends Permissions-Policy on every response that goes through Express (hot paths set it themselves). */
export function permissionsPolicy(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
}
