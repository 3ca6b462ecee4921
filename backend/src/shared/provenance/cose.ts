import { createSign, type KeyObject } from 'node:crypto';

/**
 * The COSE_Sign1 structure of a C2PA claim signature (C2PA 2.1 §14, RFC 9052), made here because
 * the C2PA library we sign with (c2pa-rs as WebAssembly) hands a JavaScript signer the claim and
 * takes back the whole COSE structure ("direct COSE handling"): the certificate chain travels in
 * its protected header (x5chain, label 33), the payload is detached (the claim), and the
 * unprotected header is padded so the structure fills exactly the space the library reserved
 * (otherwise the file's hash exclusions no longer match where the manifest sits).
 *
 * Only the CBOR this needs is encoded: unsigned and negative integers, byte and text strings,
 * arrays, maps, null and one tag.
 */
export type CborValue = number | string | Buffer | null | CborValue[] | Map<number | string, CborValue> | { tag: number; value: CborValue };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: CborValue): Buffer {
  if (value === null) return Buffer.from([0xf6]);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers are encoded');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  return Buffer.concat([head(6, value.tag), cbor(value.value)]);
}

/** COSE algorithm ids (RFC 9053) of the key types a signing certificate may have (D42: ES256 or PS256). */
export const COSE_ALGORITHMS = { es256: -7, ps256: -37 } as const;
export type SigningAlgorithm = keyof typeof COSE_ALGORITHMS;

const COSE_SIGN1_TAG = 18;
const X5CHAIN = 33;

/** A COSE_Sign1 over `claim`, signed by `key`, with `chain` (DER, signer first), padded to `size` bytes. */
export function coseSign1(claim: Uint8Array, key: KeyObject, alg: SigningAlgorithm, chain: readonly Buffer[], size: number): Buffer {
  const protectedHeader = cbor(new Map<number, CborValue>([[1, COSE_ALGORITHMS[alg]], [X5CHAIN, [...chain]]]));
  const toBeSigned = cbor(['Signature1', protectedHeader, Buffer.alloc(0), Buffer.from(claim)]);
  const signer = createSign('sha256');
  signer.update(toBeSigned);
  const signature =
    alg === 'es256'
      ? signer.sign({ key, dsaEncoding: 'ieee-p1363' })
      : signer.sign({ key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 32 });
  const structure = (pad: number) =>
    cbor({ tag: COSE_SIGN1_TAG, value: [protectedHeader, new Map<string, CborValue>([['pad', Buffer.alloc(pad)]]), null, signature] });
  // The pad's own length field grows at 24, 256 and 65536 bytes: step down to the exact fit.
  let pad = Math.max(0, size - structure(0).length);
  while (pad > 0 && structure(pad).length > size) pad--;
  const cose = structure(pad);
  if (cose.length !== size) throw new Error(`the signature (${structure(0).length} bytes) does not fit the ${size} bytes reserved for it`);
  return cose;
}
