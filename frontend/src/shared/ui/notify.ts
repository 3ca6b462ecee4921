import { toast } from 'sonner';
import { withoutStatusPrefix } from '../api/error-text';

/** 001 §2: toasts last 5 seconds; this is where an error toast's time starts. */
export const ERROR_TOAST_BASE_MS = 5000;
/** Characters (title and description together) that fit in the base time. */
export const ERROR_TOAST_FREE_CHARS = 80;
/** Extra time per character above the free ones (a slow reader's pace). */
export const ERROR_TOAST_MS_PER_CHAR = 50;
/** However long the message, an error toast goes away on its own within this time. */
export const ERROR_TOAST_MAX_MS = 15000;

/** How long an error toast stays: 5 s, plus time for every character above 80, capped at 15 s. */
export function errorToastDuration(title: string, description?: string): number {
  const length = title.length + (description?.length ?? 0);
  const extra = Math.max(0, length - ERROR_TOAST_FREE_CHARS) * ERROR_TOAST_MS_PER_CHAR;
  return Math.min(ERROR_TOAST_BASE_MS + extra, ERROR_TOAST_MAX_MS);
}

/**
 * The toast's id: the same title and description give the same id, so sonner replaces the one on
 * screen (restarting its time) instead of stacking a copy ("Login failed" four times).
 */
export function errorToastId(title: string, description?: string): string {
  return `error:${title}\u0000${description ?? ''}`;
}

export interface NotifyErrorOptions {
  description?: string;
  /** A fixed id of the caller's own (e.g. one that is dismissed later); else the text's id. */
  id?: string;
  /** The spec's own duration for this toast, if it has one; else errorToastDuration. */
  duration?: number;
}

/**
 * Every error toast goes through here: destructive styling (sonner's `error` type, coloured by the
 * Toaster's error class), time to read long messages, no stacked copies, and no "401: " status
 * prefix in what the user reads (the status stays in the error object).
 */
export function notifyError(title: string, options: NotifyErrorOptions = {}): string | number {
  const shownTitle = withoutStatusPrefix(title);
  const description = options.description === undefined ? undefined : withoutStatusPrefix(options.description);
  return toast.error(shownTitle, {
    id: options.id ?? errorToastId(shownTitle, description),
    duration: options.duration ?? errorToastDuration(shownTitle, description),
    ...(description === undefined ? {} : { description }),
  });
}
