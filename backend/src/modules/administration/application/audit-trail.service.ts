import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ValidationError } from '../../../shared/errors/domain-error';
import { cursorScope, decodeListCursor, encodeListCursor, CURSOR_REFUSED, type Page, pageRequest, type PageRequest } from '../../../shared/pagination';
import { TypeormAuditLogRepository } from '../adapters/typeorm/typeorm-audit-log.repository';
import { IdempotencyKeyConflictError } from '../domain/admin-errors';
import { type AdminActor, type AuditEntry, type NewAuditEntry, sameAuditedRequest } from '../domain/audit';

/** D44: the audit trail's cursors. */
const AUDIT_CURSOR = 'audit';

/** What an audited action answers, and what the trail should add to the row's details. */
export interface AuditedResult<T> {
  value: T;
  details?: Record<string, unknown>;
}

/**
 * D32: runs an admin action inside its audit row. The row is written first (so no action is ever
 * missing from the trail, even after a crash), then the action, then its outcome.
 */
@Injectable()
export class AuditTrailService {
  private readonly logger = new Logger(AuditTrailService.name);

  constructor(private readonly log: TypeormAuditLogRepository) {}

  async run<T>(actor: AdminActor, entry: NewAuditEntry, action: () => Promise<AuditedResult<T>>): Promise<T> {
    const { id, existing } = await this.log.open(actor, entry);
    // D5, D32 (issue 24): the same key with another request is refused, and its row left as it is.
    if (existing && !sameAuditedRequest(existing, entry)) throw new IdempotencyKeyConflictError();
    let result: AuditedResult<T>;
    try {
      result = await action();
    } catch (error) {
      const code = error instanceof DomainError ? error.code : 'INTERNAL';
      await this.log.finish(id, 'failed', code, {}).catch((e: unknown) => this.logger.error(`audit row ${id} not finished: ${String(e)}`));
      throw error;
    }
    await this.log.finish(id, 'succeeded', null, result.details ?? {});
    return result.value;
  }

  /** D32: newest first, paged, and searchable (`query`: e-mail, action, target or reason contains it). */
  async list(page: PageRequest = {}, query = ''): Promise<Page<AuditEntry>> {
    const { limit, offset, cursor } = pageRequest(page);
    const text = query.trim() || undefined;
    // D44: a cursor names the last id shown, and the search it was given out for (a search's page
    // after the cursor of another would start at a row the reader never saw).
    let afterId: string | undefined;
    if (cursor !== undefined) {
      const [id, search] = decodeListCursor(AUDIT_CURSOR, cursor, 2);
      if (!/^[1-9]\d{0,17}$/.test(id) || search !== cursorScope(text)) throw new ValidationError(CURSOR_REFUSED);
      afterId = id;
    }
    const found = await this.log.pageNewestFirst(limit, offset, text, afterId);
    const last = found.items.length === limit ? found.items[found.items.length - 1] : undefined;
    return { ...found, limit, offset, ...(last ? { nextCursor: encodeListCursor(AUDIT_CURSOR, [last.id, cursorScope(text)]) } : {}) };
  }
}
