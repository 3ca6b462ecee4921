// A second, independent C2PA reader for the tests (D42): @trustnxt/c2pa-ts, a pure TypeScript
// implementation, reads and validates what c2pa-rs signed. ESM only, so it runs as its own
// process: `node c2pa-read.mjs <file>` prints one JSON object.
import * as fs from 'node:fs';
import { JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest';

const bytes = fs.readFileSync(process.argv[2]);
const asset = JPEG.canRead(bytes) ? new JPEG(bytes) : PNG.canRead(bytes) ? new PNG(bytes) : null;
if (!asset) {
  console.log(JSON.stringify({ format: 'unsupported' }));
  process.exit(0);
}
const jumbf = asset.getManifestJUMBF();
if (!jumbf) {
  console.log(JSON.stringify({ format: asset.constructor.name, manifest: null }));
  process.exit(0);
}
const store = ManifestStore.read(SuperBox.fromBuffer(jumbf));
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
