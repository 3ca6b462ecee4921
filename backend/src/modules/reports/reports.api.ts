import type { ImageFingerprint } from '../../shared/fingerprint/image-fingerprint';
import type { Page, PageRequest } from '../../shared/pagination';
import type { CaseStatus, ReportOutcome, ReportReason } from './domain/report';

/**
 * REPORTS_API: the reports context's synchronous surface (ARCHITECTURE rule 2). Generation asks
 * it whether an upload or an output is blocked; administration works the queue through it (and
 * audits each decision, D32); privacy exports what it holds about a user (D35).
 */

/** One report of an open case, as the admin's queue shows it (never the reporter's address). */
export interface QueuedReportView {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
  /** Whether a signed-in account reported (its id), or an anonymous visitor (null). */
  reporterUserId: string | null;
}

/** An image with open reports (D43), for the admin's Reports tab. */
export interface ReportCaseView {
  imageId: string;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerSuspended: boolean;
  prompt: string;
  firstReportedAt: Date;
  /** 48 hours after the first open report. */
  deadline: Date;
  overdue: boolean;
  /** An urgent report (ncii, minor) hid it from every public place until the decision. */
  hiddenPendingReview: boolean;
  reports: QueuedReportView[];
}

export interface TakeDownResult {
  imageId: string;
  outcome: 'taken_down';
  /** Images deleted: the reported one (when still stored) and its copies on the site. */
  imagesRemoved: number;
  /** Hashes added to the block list. */
  hashesBlocked: number;
}

export interface DismissResult {
  imageId: string;
  outcome: 'dismissed';
  /** The report had hidden the image: it is shown again. */
  restored: boolean;
}

/** A signed-in reporter's report, with the outcome so far. */
export interface MyReport {
  id: string;
  imageId: string;
  reason: ReportReason;
  createdAt: Date;
  status: CaseStatus;
  decidedAt: Date | null;
}

/** D35: what the reports context holds about a user. */
export interface ReportsExport {
  reportsMade: Array<MyReport & { details: string | null }>;
  reportsAboutYourImages: Array<{ imageId: string; prompt: string; status: CaseStatus; firstReportedAt: Date; decidedAt: Date | null; reasons: ReportReason[] }>;
}

export interface ReportsApi {
  /** D43: whether a file matches a taken-down image (its exact bytes, or its pixels within 6 bits). */
  isBlocked(fingerprint: ImageFingerprint): Promise<boolean>;
  /** Open cases, the nearest deadline first. */
  openCases(page?: PageRequest, now?: Date): Promise<Page<ReportCaseView>>;
  /**
   * Takes the image down: its files and its copies' deleted everywhere, its hashes blocked, its
   * open reports decided, owners mailed. REPORT.NOT_FOUND when it has no open case.
   */
  takeDown(imageId: string, adminId: string, reason: string | null): Promise<TakeDownResult>;
  /** Dismisses the open reports; shows the image again when a report had hidden it. */
  dismiss(imageId: string, adminId: string, reason: string | null): Promise<DismissResult>;
  /** A signed-in reporter's own reports with the outcome so far, newest first. */
  reportsBy(userId: string): Promise<MyReport[]>;
  /** D35: for the data export. */
  exportFor(userId: string): Promise<ReportsExport>;
}

export const REPORTS_API = Symbol('REPORTS_API');

export type { ReportOutcome };
