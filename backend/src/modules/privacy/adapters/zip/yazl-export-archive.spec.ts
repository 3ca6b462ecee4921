import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { YazlExportArchive } from './yazl-export-archive';

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err: Error | null, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('YazlExportArchive (D35: the data export zip)', () => {
  it('writes the files it is given as a zip any reader opens', async () => {
    const archive = new YazlExportArchive();
    const out: Buffer[] = [];
    archive.output.on('data', (c: Buffer) => out.push(c));
    const ended = new Promise((resolve) => archive.output.on('end', resolve));
    const photo = randomBytes(200_000);
    await archive.addFile('images/a.jpg', photo, { compress: false, modifiedAt: new Date('2026-01-02T03:04:05Z') });
    await archive.addFile('data.json', Buffer.from('{"a":1}\n'), { compress: true, modifiedAt: new Date() });
    archive.finish();
    await ended;
    const files = await unzip(Buffer.concat(out));
    expect([...files.keys()]).toEqual(['images/a.jpg', 'data.json']);
    expect(files.get('images/a.jpg')!.equals(photo)).toBe(true);
    expect(files.get('data.json')!.toString()).toBe('{"a":1}\n');
  });

  it('counts a file as added only once a slow reader has taken nearly all of it (one image in memory at a time)', async () => {
    const archive = new YazlExportArchive();
    const size = 4 * 1024 * 1024;
    let read = 0;
    let readWhenAdded = -1;
    const added = archive.addFile('images/big.png', randomBytes(size), { compress: false, modifiedAt: new Date() }).then(() => {
      readWhenAdded = read;
      archive.finish();
    });
    for await (const chunk of archive.output) {
      read += (chunk as Buffer).length;
      await nextTurn(); // a reader slower than the writer
    }
    await added;
    // Whatever the writer may hold beyond what was read is bounded by the streams' buffers.
    expect(readWhenAdded).toBeGreaterThan(size - 512 * 1024);
  });

  it('lets go of each file once the zip has taken it, though the zip keeps its entries until the end (issue 29)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const archive = new YazlExportArchive();
    archive.output.resume(); // a reader as fast as can be
    const ended = new Promise((resolve) => archive.output.on('end', resolve));
    let freed = 0;
    const registry = new FinalizationRegistry(() => freed++);
    // Each photo made and added in a frame of its own, so that no stale slot of this test's frame holds one.
    const addPhoto = async (i: number) => {
      const photo = Buffer.alloc(300_000, i); // not from Buffer's shared pool: its own ArrayBuffer
      registry.register(photo.buffer, i);
      await archive.addFile(`images/${i}.jpg`, photo, { compress: false, modifiedAt: new Date() });
    };
    for (let i = 0; i < 3; i++) await addPhoto(i);
    await archive.addFile('data.json', Buffer.from('{}\n'), { compress: true, modifiedAt: new Date() });
    for (let round = 0; round < 20 && freed < 3; round++) {
      gc();
      await nextTurn(); // finalizers run in a later task
    }
    // Before the zip is finished: a leak would keep all three until then.
    expect(freed).toBe(3);
    archive.finish();
    await ended;
  });

  it('releases a writer waiting on a file when the reader goes away', async () => {
    const archive = new YazlExportArchive();
    const pending = archive.addFile('images/big.png', randomBytes(2 * 1024 * 1024), { compress: false, modifiedAt: new Date() });
    archive.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
    await expect(archive.addFile('data.json', Buffer.from('{}'), { compress: true, modifiedAt: new Date() })).rejects.toThrow('client went away');
  });
});
