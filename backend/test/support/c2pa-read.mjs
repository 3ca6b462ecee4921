// A second, independent C2PA reader for the tests (D42): @trustnxt/c2pa-ts, a pure TypeScript
// implementation, reads and validates what c2pa-rs signed. ESM only, so it runs as its own
// process: `node c2pa-read.mjs <file>` prints one JSON object.
import * as fs from 'node:fs';
import { JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest';

/**
 * c2pa-ts reads JPEG and PNG, not WebP: this is the little it needs of a WebP file (RIFF): its
 * bytes, for the data hash, and the payload of its top-level `C2PA` chunk, the manifest store.
 */
class WebP {
  static canRead(buf) {
    return buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP';
  }

  constructor(buf) {
    this.data = buf;
    this.mimeType = 'image/webp';
  }

  getDataLength() {
    return this.data.length;
  }

  async getDataRange(start = 0, length = this.data.length - start) {
    return new Uint8Array(this.data.subarray(start, start + length));
  }

  getManifestJUMBF() {
    for (let at = 12; at + 8 <= this.data.length; ) {
      const fourcc = this.data.toString('latin1', at, at + 4);
      const size = this.data.readUInt32LE(at + 4);
      if (fourcc === 'C2PA') return new Uint8Array(this.data.subarray(at + 8, at + 8 + size));
      at += 8 + size + (size % 2);
    }
    return undefined;
  }

  dumpInfo() {
    return `WebP, ${this.data.length} bytes`;
  }
}

const bytes = fs.readFileSync(process.argv[2]);
const asset = JPEG.canRead(bytes) ? new JPEG(bytes) : PNG.canRead(bytes) ? new PNG(bytes) : WebP.canRead(bytes) ? new WebP(bytes) : null;
if (!asset) {
  console.log(JSON.stringify({ format: 'unsupported' }));
  process.exit(0);
}
const jumbf = asset.getManifestJUMBF();
if (!jumbf) {
  console.log(JSON.stringify({ format: asset.constructor.name, manifest: null }));
  process.exit(0);
}
let store;
try {
  store = ManifestStore.read(SuperBox.fromBuffer(jumbf));
} catch (error) {
  console.log(JSON.stringify({ format: asset.constructor.name, valid: false, codes: [error.code ?? 'unreadable'], error: error.message }));
  process.exit(0);
}
const result = await store.validate(asset);
const manifest = store.getActiveManifest();
const plain = (value) =>
  JSON.parse(JSON.stringify(value, (key, v) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? `bytes:${v.length}` : key === 'sourceBox' || key === 'componentStore' ? undefined : v)));
console.log(
  JSON.stringify({
    format: asset.constructor.name,
    valid: result.isValid,
    codes: result.statusEntries.map((e) => e.code),
    claimGenerator: plain(manifest.claim?.claimGeneratorInfo ?? manifest.claim?.claimGeneratorName ?? null),
    assertions: manifest.assertions.assertions.map((a) => ({ label: a.label, data: plain(a) })),
    signer: manifest.signature?.signatureData?.certificate?.subject ?? null,
  }),
);
