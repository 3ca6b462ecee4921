import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { fromSigned64, toSigned64 } from '../../../../shared/fingerprint/perceptual-hash';
import type { ImageFingerprint } from '../../../../shared/fingerprint/image-fingerprint';
import { BLOCK_DISTANCE, REVIEW_HOURS, type CaseStatus, type ReportOutcome, type ReportReason } from '../../domain/report';

export interface NewReport {
  imageId: string;
  ownerId: string;
  prompt: string;
  reporterKey: string;
  reporterUserId: string | null;
  reason: ReportReason;
  details: string | null;
  urgent: boolean;
  fingerprints: readonly ImageFingerprint[];
}

export interface FiledReport {
  id: string;
  createdAt: Date;
}

/** One report as the admin's queue shows it (who reported: signed in or not, never the address). */
export interface QueuedReport {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
  reporterUserId: string | null;
}

export interface OpenCase {
  imageId: string;
  ownerId: string | null;
  prompt: string;
  firstReportedAt: Date;
  deadlineAt: Date;
  hidImage: boolean;
  reports: QueuedReport[];
}

export interface DecidedCase {
  imageId: string;
  ownerId: string | null;
  prompt: string;
  hidImage: boolean;
  fingerprints: ImageFingerprint[];
}

export interface ReportOfUser {
  id: string;
  imageId: string;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
  status: CaseStatus;
  decidedAt: Date | null;
}

export interface CaseAboutUser {
  imageId: string;
  prompt: string;
  status: CaseStatus;
  firstReportedAt: Date;
  decidedAt: Date | null;
  reasons: ReportReason[];
}

type StoredFingerprint = { sha256: string; phash: string };

/**
 * D43: `image_report`, `image_report_case` and `image_block`, by intent. Every change is one
 * statement or one transaction; a decision claims the open case with one conditional UPDATE, so
 * two admins deciding at once cannot both win.
 */
@Injectable()
export class TypeormReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The report and its image's case, in one transaction: null when this reporter already reported
   * this image. The case opens with the first open report (deadline REVIEW_HOURS later); a report
   * after a dismissal opens it again with a new deadline.
   */
  file(report: NewReport): Promise<FiledReport | null> {
    return this.dataSource.transaction(async (tx) => {
      const inserted = returnedRows<{ id: string; created_at: Date }>(
        await tx.query(
          `INSERT INTO "image_report" ("id", "image_id", "reporter_key", "reporter_user_id", "reason", "details")
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT ("image_id", "reporter_key") DO NOTHING
           RETURNING "id", "created_at"`,
          [randomUUID(), report.imageId, report.reporterKey, report.reporterUserId, report.reason, report.details],
        ),
      );
      if (inserted.length === 0) return null;
      const fingerprints: StoredFingerprint[] = report.fingerprints.map((f) => ({ sha256: f.sha256, phash: toSigned64(f.phash).toString() }));
      await tx.query(
        `INSERT INTO "image_report_case" AS c ("image_id", "owner_user_id", "prompt", "status", "first_reported_at", "deadline_at", "hid_image", "fingerprints")
         VALUES ($1, $2, $3, 'open', now(), now() + make_interval(hours => $6), $4, $5::jsonb)
         ON CONFLICT ("image_id") DO UPDATE SET
           "first_reported_at" = CASE WHEN c."status" = 'open' THEN c."first_reported_at" ELSE now() END,
           "deadline_at" = CASE WHEN c."status" = 'open' THEN c."deadline_at" ELSE now() + make_interval(hours => $6) END,
           "hid_image" = CASE WHEN c."status" = 'open' THEN c."hid_image" OR $4 ELSE $4 END,
           "fingerprints" = $5::jsonb,
           "status" = 'open', "decided_at" = NULL, "decided_by" = NULL, "decision_reason" = NULL, "removed_count" = NULL`,
        [report.imageId, report.ownerId, report.prompt.slice(0, 2000), report.urgent, JSON.stringify(fingerprints), REVIEW_HOURS],
      );
      return { id: inserted[0].id, createdAt: new Date(inserted[0].created_at) };
    });
  }

  /** Open cases, the nearest deadline first, each with its open reports. */
  async openCases(limit: number, offset: number): Promise<{ items: OpenCase[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT c."image_id", c."owner_user_id", c."prompt", c."first_reported_at", c."deadline_at", c."hid_image",
                COALESCE((SELECT json_agg(json_build_object('id', r."id", 'reason', r."reason", 'details', r."details",
                                                            'createdAt', r."created_at", 'reporterUserId', r."reporter_user_id")
                                          ORDER BY r."created_at")
                            FROM "image_report" r WHERE r."image_id" = c."image_id" AND r."outcome" IS NULL), '[]') AS reports
           FROM "image_report_case" c
          WHERE c."status" = 'open'
          ORDER BY c."deadline_at", c."image_id"
          LIMIT $1 OFFSET $2`,
        [limit, offset],
      ) as Promise<
        Array<{
          image_id: string;
          owner_user_id: string | null;
          prompt: string;
          first_reported_at: Date;
          deadline_at: Date;
          hid_image: boolean;
          reports: Array<{ id: string; reason: ReportReason; details: string | null; createdAt: string; reporterUserId: string | null }>;
        }>
      >,
      this.dataSource.query(`SELECT count(*)::int AS n FROM "image_report_case" WHERE "status" = 'open'`) as Promise<Array<{ n: number }>>,
    ]);
    return {
      total: count[0].n,
      items: rows.map((r) => ({
        imageId: r.image_id,
        ownerId: r.owner_user_id,
        prompt: r.prompt,
        firstReportedAt: new Date(r.first_reported_at),
        deadlineAt: new Date(r.deadline_at),
        hidImage: r.hid_image,
        reports: r.reports.map((x) => ({ ...x, createdAt: new Date(x.createdAt) })),
      })),
    };
  }

  /** The open case of an image, without deciding it; null when there is none. */
  async findOpenCase(imageId: string): Promise<DecidedCase | null> {
    const rows = (await this.dataSource.query(
      `SELECT "image_id", "owner_user_id", "prompt", "hid_image", "fingerprints" FROM "image_report_case" WHERE "image_id" = $1 AND "status" = 'open'`,
      [imageId],
    )) as Array<{ image_id: string; owner_user_id: string | null; prompt: string; hid_image: boolean; fingerprints: StoredFingerprint[] }>;
    const row = rows[0];
    if (!row) return null;
    return {
      imageId: row.image_id,
      ownerId: row.owner_user_id,
      prompt: row.prompt,
      hidImage: row.hid_image,
      fingerprints: row.fingerprints.map((f) => ({ sha256: f.sha256, phash: fromSigned64(f.phash) })),
    };
  }

  /**
   * Decides the open cases of these images (the reported one, and on a takedown the copies it
   * removed that had cases of their own) and their open reports, in one transaction. Answers the
   * images whose case this call decided: empty when another decision was first.
   */
  decide(imageIds: readonly string[], outcome: ReportOutcome, adminId: string, reason: string | null, removedCount: number | null): Promise<string[]> {
    if (imageIds.length === 0) return Promise.resolve([]);
    return this.dataSource.transaction(async (tx) => {
      const decided = returnedRows<{ image_id: string }>(
        await tx.query(
          `UPDATE "image_report_case"
              SET "status" = $2, "decided_at" = now(), "decided_by" = $3, "decision_reason" = $4, "removed_count" = $5
            WHERE "image_id" = ANY($1::uuid[]) AND "status" = 'open'
            RETURNING "image_id"`,
          [imageIds, outcome, adminId, reason, removedCount],
        ),
      ).map((r) => r.image_id);
      if (decided.length) {
        await tx.query(`UPDATE "image_report" SET "outcome" = $2, "decided_at" = now() WHERE "image_id" = ANY($1::uuid[]) AND "outcome" IS NULL`, [
          decided,
          outcome,
        ]);
      }
      return decided;
    });
  }

  /** Stores what a takedown blocks (an exact hash already blocked is kept as it is). */
  async block(imageId: string, fingerprints: readonly ImageFingerprint[]): Promise<void> {
    for (const f of fingerprints) {
      await this.dataSource.query(
        `INSERT INTO "image_block" ("id", "sha256", "phash", "image_id") VALUES ($1, $2, $3, $4) ON CONFLICT ("sha256") DO NOTHING`,
        [randomUUID(), f.sha256, toSigned64(f.phash).toString(), imageId],
      );
    }
  }

  /** Whether a file is blocked: its exact bytes, or pixels within BLOCK_DISTANCE bits of a blocked image's. */
  async isBlocked(fingerprint: ImageFingerprint): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM "image_block"
                       WHERE "sha256" = $1 OR bit_count(int8send("phash" # $2::bigint)) <= $3) AS blocked`,
      [fingerprint.sha256, toSigned64(fingerprint.phash).toString(), BLOCK_DISTANCE],
    )) as Array<{ blocked: boolean }>;
    return rows[0].blocked;
  }

  /** The user's own reports, newest first, with the outcome so far. */
  async reportsBy(userId: string, limit: number): Promise<ReportOfUser[]> {
    const rows = (await this.dataSource.query(
      `SELECT "id", "image_id", "reason", "details", "created_at", COALESCE("outcome", 'open') AS status, "decided_at"
         FROM "image_report" WHERE "reporter_user_id" = $1 ORDER BY "created_at" DESC, "id" LIMIT $2`,
      [userId, limit],
    )) as Array<{ id: string; image_id: string; reason: ReportReason; details: string | null; created_at: Date; status: CaseStatus; decided_at: Date | null }>;
    return rows.map((r) => ({
      id: r.id,
      imageId: r.image_id,
      reason: r.reason,
      details: r.details,
      createdAt: new Date(r.created_at),
      status: r.status,
      decidedAt: r.decided_at ? new Date(r.decided_at) : null,
    }));
  }

  /** D35: cases about the user's images (what was reported, when, the outcome; never who reported). */
  async casesAbout(userId: string): Promise<CaseAboutUser[]> {
    const rows = (await this.dataSource.query(
      `SELECT c."image_id", c."prompt", c."status", c."first_reported_at", c."decided_at",
              COALESCE((SELECT array_agg(DISTINCT r."reason") FROM "image_report" r WHERE r."image_id" = c."image_id"), '{}') AS reasons
         FROM "image_report_case" c WHERE c."owner_user_id" = $1 ORDER BY c."first_reported_at" DESC`,
      [userId],
    )) as Array<{ image_id: string; prompt: string; status: CaseStatus; first_reported_at: Date; decided_at: Date | null; reasons: ReportReason[] }>;
    return rows.map((r) => ({
      imageId: r.image_id,
      prompt: r.prompt,
      status: r.status,
      firstReportedAt: new Date(r.first_reported_at),
      decidedAt: r.decided_at ? new Date(r.decided_at) : null,
      reasons: r.reasons,
    }));
  }

  /** Retention: decided reports and cases older than this go (open ones stay until decided). */
  async deleteDecidedBefore(before: Date): Promise<number> {
    const reports = (await this.dataSource.query(`DELETE FROM "image_report" WHERE "decided_at" < $1`, [before])) as [unknown, number];
    const cases = (await this.dataSource.query(`DELETE FROM "image_report_case" WHERE "status" <> 'open' AND "decided_at" < $1`, [before])) as [unknown, number];
    return reports[1] + cases[1];
  }
}
