/**
 * D43: reporting an image, and the signed-in user's own reports. In shared/ because the community
 * feed, the Hall of Fame and the share page all offer "Report", and the profile lists the reports
 * (features may not import each other, ARCHITECTURE rule 9).
 */
import { z } from 'zod/mini';
import { baseApi } from './base-api';
import type { ApiAnswer, ApiBody, ApiSchema } from './contract';
import { everyValueOf, fieldsOf, parseResponse, type SchemaOf } from './parse-response';

/** Why an image is reported (the server's ReportReason). */
export type ReportReason = ApiSchema<'ReportReason'>;

/** Where a report stands: open (under review), taken down, or dismissed. */
export type ReportStatus = ApiSchema<'ReportStatus'>;

/** Every reason, in the order the dialog lists them. */
export const REPORT_REASONS = everyValueOf<ReportReason>()(['ncii', 'minor', 'harassment', 'impersonation', 'copyright', 'other']);
const STATUSES = everyValueOf<ReportStatus>()(['open', 'taken_down', 'dismissed']);

/** What each reason reads as (the server's mails and the admin's queue say the same). */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  ncii: 'Intimate image shared without consent',
  minor: 'Sexual content involving a minor',
  harassment: 'Harassment or hate',
  impersonation: 'Impersonation or deepfake of me',
  copyright: 'Copyright',
  other: 'Something else',
};

/** What each outcome reads as to the person who reported. */
export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  open: 'Under review',
  taken_down: 'Removed',
  dismissed: 'Reviewed, no action taken',
};

/** The longest `details` the server takes (characters). */
export const REPORT_DETAILS_MAX = 1000;

/** POST /api/images/{id}/report: the image and the body. */
export type ReportImageRequest = { imageId: string } & ApiBody<'/api/images/{id}/report', 'post'>;

/** The report as filed: `hiddenPendingReview` when an urgent reason (ncii, minor) hid the image at once. */
export type FiledReport = ApiAnswer<'/api/images/{id}/report', 'post'>;

/** One of GET /api/reports: a report the signed-in user made, with its outcome. */
export type MyReport = ApiAnswer<'/api/reports', 'get'>[number];

const myReportSchema = z.object(
  fieldsOf<MyReport>()({
    id: z.string().check(z.minLength(1)),
    imageId: z.string(),
    reason: z.enum(REPORT_REASONS),
    createdAt: z.string(),
    status: z.enum(STATUSES),
    decidedAt: z.catch(z.nullable(z.string()), null),
  }),
) satisfies SchemaOf<MyReport>;

/**
 * The answer must be a list (anything else is the card's error state); an entry the client cannot
 * read (a reason or outcome it does not know yet) is left out rather than failing the whole list.
 */
export const myReportsSchema = z.pipe(
  z.array(z.catch(z.nullable(myReportSchema), null)),
  z.transform((items) => items.filter((item): item is MyReport => item !== null)),
) satisfies SchemaOf<MyReport[]>;

export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/images/{id}/report, signed in or not. Failures carry the server's sentence:
     * 404 (no longer public), 409 REPORT.ALREADY_REPORTED, 429 REPORT.TOO_MANY.
     * An image an urgent report hid leaves the feed and the Hall of Fame at once.
     */
    reportImage: build.mutation<FiledReport, ReportImageRequest>({
      query: ({ imageId, ...body }) => ({ url: `/images/${encodeURIComponent(imageId)}/report`, method: 'POST', body }),
      invalidatesTags: (result, error) => {
        if (error || !result) return [];
        return result.hiddenPendingReview ? ['MyReports', 'CommunityFeed', 'Leaderboard'] : ['MyReports'];
      },
    }),

    /** GET /api/reports (signed in): the user's reports, newest first. */
    myReports: build.query<MyReport[], void>({
      query: () => '/reports',
      transformResponse: parseResponse(myReportsSchema),
      providesTags: ['MyReports'],
    }),
  }),
});

export const { useReportImageMutation, useMyReportsQuery } = reportApi;
