/**
 * The walk the image commands share (rendition backfill, move to the object store): ask `next`
 * for a batch of image ids (given the last id of the previous batch, for a keyset walk), run
 * `each` on them one by one, report after every batch, until a batch is empty. Its seconds.
 */
export async function forEachImageBatch(
  next: (lastId: string | null) => Promise<string[]>,
  each: (id: string) => Promise<void>,
  afterBatch: () => void,
): Promise<number> {
  const started = process.hrtime.bigint();
  let lastId: string | null = null;
  for (;;) {
    const ids = await next(lastId);
    if (ids.length === 0) break;
    for (const id of ids) await each(id);
    lastId = ids[ids.length - 1];
    afterBatch();
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}
