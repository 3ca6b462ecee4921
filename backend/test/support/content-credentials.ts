import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ReadCredentials {
  format: string;
  manifest?: null;
  valid?: boolean;
  codes?: string[];
  claimGenerator?: unknown;
  assertions?: Array<{ label: string; data: Record<string, unknown> }>;
  signer?: string | null;
}

/**
 * D42: reads a file's C2PA manifest with a second, independent reader (@trustnxt/c2pa-ts, pure
 * TypeScript; what signs is c2pa-rs), in its own process (the library is ESM only).
 */
export async function readContentCredentials(bytes: Buffer): Promise<ReadCredentials> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2pa-read-'));
  const file = path.join(dir, 'asset');
  try {
    fs.writeFileSync(file, bytes);
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'c2pa-read.mjs'), file], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as ReadCredentials;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The actions of the manifest's actions assertion. */
export function actionsOf(read: ReadCredentials): Array<Record<string, unknown>> {
  const actions = read.assertions?.find((a) => a.label === 'c2pa.actions.v2')?.data.actions;
  return (actions as Array<Record<string, unknown>> | undefined) ?? [];
}

/**
 * The file without what signing adds (JPEG: the APP11 JUMBF segments and the XMP APP1; PNG: the
 * caBX chunk and the XMP iTXt), as it was before it was signed: for tests that compare an output with what made it, byte for byte.
 */
const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';

export function withoutContentCredentials(bytes: Buffer): Buffer {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const parts: Buffer[] = [bytes.subarray(0, 2)];
    let at = 2;
    while (at < bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1];
      if (marker === 0xda) break; // start of scan: the rest is image data
      const length = bytes.readUInt16BE(at + 2);
      // APP11: the C2PA JUMBF; an APP1 XMP packet: the source type written just before signing.
      const xmp = marker === 0xe1 && bytes.subarray(at + 4, at + 4 + XMP_NAMESPACE.length).toString('latin1') === XMP_NAMESPACE;
      if (marker !== 0xeb && !xmp) parts.push(bytes.subarray(at, at + 2 + length));
      at += 2 + length;
    }
    parts.push(bytes.subarray(at));
    return Buffer.concat(parts);
  }
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    const parts: Buffer[] = [bytes.subarray(0, 8)];
    for (let at = 8; at < bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      const xmp = type === 'iTXt' && bytes.toString('latin1', at + 8, at + 8 + 17) === 'XML:com.adobe.xmp';
      if (type !== 'caBX' && !xmp) parts.push(bytes.subarray(at, at + 12 + length));
      at += 12 + length;
    }
    return Buffer.concat(parts);
  }
  throw new Error('withoutContentCredentials: not a JPEG or PNG');
}
