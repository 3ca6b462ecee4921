import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { fingerprintOfFile } from '../../../shared/fingerprint/image-fingerprint';
import { ContentCredentialsService, type EditProvenance } from '../../../shared/provenance/content-credentials.service';
import { carriesContentCredentials } from '../../../shared/provenance/embedded';
import { makeWebpRenditions, renditionVersion, type MadeRendition } from '../adapters/sharp/webp-renditions';
import { TypeormImageRepository, type ProvenanceRow } from '../adapters/typeorm/typeorm-image.repository';
import { ImageStorageService } from './image-storage.service';

export type ProvenanceBackfillOutcome = 'signed' | 'marked' | 'skipped';

/**
 * D42 for files stored before a generation signed them (ADR 0031): the generated file of a
 * completed image gets its content credentials, made from its row (the model, when it was made,
 * the original's hash), and its renditions are made again from the signed file and signed too.
 * A file that already carries a manifest is only marked. And the rendition backfill's generated
 * renditions are signed like the file they show.
 */
@Injectable()
export class ImageProvenanceService {
  private readonly logger = new Logger('Images');

  constructor(
    private readonly images: TypeormImageRepository,
    private readonly storage: ImageStorageService,
    private readonly credentials: ContentCredentialsService,
  ) {}

  /** The generated file's renditions signed when that file carries credentials (else as they are). */
  async signGeneratedRenditions(id: string, made: MadeRendition[]): Promise<MadeRendition[]> {
    if (made.length === 0) return made;
    const row = await this.images.findProvenance(id);
    const provenance = row?.hasContentCredentials ? await this.provenanceOf(id, row) : null;
    return provenance ? this.signRenditions(made, provenance) : made;
  }

  /**
   * One image of the backfill. Re-runnable: the row is written only while it still has no
   * credentials, so a second run (or one beside it) leaves it alone; objects put for a write that
   * lost are removed again.
   */
  async backfill(id: string): Promise<ProvenanceBackfillOutcome> {
    const row = await this.images.findProvenance(id);
    if (!row?.completed || row.hasContentCredentials || !row.generatedMimeType) return 'skipped';
    const place = await this.images.findFile(id, 'generated');
    const bytes = place ? await this.storage.read(place) : null;
    if (!place || !bytes) return 'skipped';
    if (carriesContentCredentials(bytes, row.generatedMimeType)) {
      return (await this.images.markContentCredentials(id, await fingerprintOfFile(bytes))) ? 'marked' : 'skipped';
    }
    const provenance = await this.provenanceOf(id, row);
    if (!provenance) return 'skipped';
    const signed = await this.credentials.sign(bytes, row.generatedMimeType, provenance);
    let renditions: Parameters<TypeormImageRepository['replaceSignedGenerated']>[2] = null;
    if (row.hasRenditions) {
      const made = await this.signRenditions(await makeWebpRenditions(signed), provenance);
      const rows = await this.storage.placeRenditions(
        id,
        await this.storage.scopeWhenCompleted(id),
        made.map((r) => ({ file: 'generated' as const, width: r.width, height: r.height, version: r.version, bytes: r.bytes })),
      );
      renditions = { stored: made.map((r) => ({ w: r.width, h: r.height, v: r.version })), rows };
    }
    // The object is written again under its own key (its address does not change); in PostgreSQL the row's bytes are.
    const generated = place.key ? await this.storage.store.place(place.key, signed, row.generatedMimeType) : { bytes: signed, key: null };
    const { updated, oldKeys } = await this.images.replaceSignedGenerated(id, generated, renditions, await fingerprintOfFile(signed));
    const newKeys = new Set(renditions?.rows.flatMap((r) => (r.key ? [r.key] : [])) ?? []);
    if (!updated) {
      await this.storage.discard(renditions?.rows ?? []);
      return 'skipped';
    }
    await this.storage.discard(oldKeys.filter((k) => !newKeys.has(k)).map((key) => ({ bytes: null, key })));
    return 'signed';
  }

  private async signRenditions(made: MadeRendition[], provenance: EditProvenance): Promise<MadeRendition[]> {
    return Promise.all(
      made.map(async (r) => {
        const bytes = await this.credentials.sign(r.bytes, 'image/webp', provenance);
        return { ...r, bytes, version: renditionVersion(bytes) };
      }),
    );
  }

  /**
   * The row's facts; the original's hash made from its bytes when the row does not record it. null
   * when the original cannot be read (a completed image always keeps it): no manifest names a
   * parent it cannot vouch for.
   */
  private async provenanceOf(id: string, row: ProvenanceRow): Promise<EditProvenance | null> {
    let sha256 = row.originalSha256;
    if (!sha256) {
      const original = await this.images.findFile(id, 'original');
      const bytes = original ? await this.storage.read(original) : null;
      if (!bytes) {
        this.logger.warn(`Image ${id} has no readable original: its credentials are left out`);
        return null;
      }
      sha256 = createHash('sha256').update(bytes).digest('hex');
    }
    return {
      model: row.model ?? 'unknown',
      editedAt: row.createdAt,
      parent: { sha256, mimeType: row.originalMimeType ?? 'image/jpeg' },
    };
  }

}
