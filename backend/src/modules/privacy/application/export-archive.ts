/**
 * Where a data export is written (D35): a zip streamed to the browser (adapters/zip), one file at
 * a time. Not a DI port: the HTTP adapter makes one per download and hands it to the use case.
 */
export interface ExportArchive {
  /**
   * Adds one file and resolves once its bytes have been passed on toward the reader, so that the
   * caller reads the next file only then (one image in memory at a time, however slow the reader).
   * Rejects when the archive was aborted (the reader went away).
   */
  addFile(name: string, bytes: Buffer, options: { compress: boolean; modifiedAt: Date }): Promise<void>;
  /** Writes the archive's directory; nothing may be added after. */
  finish(): void;
}
