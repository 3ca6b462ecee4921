/**
 * D12, lossless: removes every metadata container from an upload at the byte level, without
 * decoding or re-encoding a single pixel. A codec, not a business rule (so an adapter, not domain),
 * but plain TypeScript all the same: no image library here.
 *
 * The result is one of three:
 *  - `stripped`: the same image, byte for byte, minus its metadata (the pixels and their coding
 *    are untouched);
 *  - `unsupported`: the file is unusual in a way this walker does not judge (an unknown marker or
 *    critical chunk, stray bytes between segments, an embedded colour profile…); the caller takes
 *    the slow path (decode, orient, re-encode), which is what decides for such files;
 *  - an `UnreadableUploadError` thrown: the structure is certainly broken (a segment or chunk
 *    longer than the file, a bad checksum on a critical chunk, no end of image): truncated or
 *    corrupt, as the decoder would also say.
 *
 * JPEG: keeps SOI; a JFIF APP0 (rewritten without its thumbnail if it has one: the JFIF marker
 * itself says how to read the colours); APP14 only when it is the 12-byte Adobe colour-transform
 * header; DQT, DHT, SOF0/1/2, DRI, SOS, the entropy-coded data (with its RST markers) and, between
 * the scans of a progressive file, DHT/DQT/DRI/DNL/SOS; ends at the EOI, which must be there.
 * Drops APP1..APP13 and APP15 (EXIF with its GPS IFD and thumbnail, XMP, MPF, IPTC/Photoshop,
 * Ducky…), COM, any other APP0/APP14, and everything after the EOI (a phone's trailer: the MPF
 * secondary images, a "motion photo" video, Samsung's SEFT block). Only 8-bit Huffman-coded
 * frames (baseline, extended, progressive) with 1 or 3 components stay as they are: arithmetic
 * coding, lossless, hierarchical, 12-bit or 4-component (CMYK/YCCK) files are `unsupported`,
 * so the slow path turns them into a JPEG every browser shows.
 *
 * PNG: walks the chunks checking each length and CRC (a bad CRC: unreadable on a critical chunk,
 * `unsupported` on an ancillary one); keeps IHDR, PLTE, tRNS, IDAT, IEND and the
 * colour-correctness chunks gAMA, cHRM, sRGB, sBIT; drops everything else (tEXt, zTXt, iTXt
 * with XMP, eXIf, tIME, pHYs, any private chunk) and anything after IEND. iCCP, or an unknown
 * critical chunk, answers `unsupported`.
 */
import { UnreadableUploadError } from '../../domain/generation-errors';
import type { UploadMimeType } from '../../domain/image-format';

export type StripOutcome =
  | { kind: 'stripped'; bytes: Uint8Array; removed: string[] }
  | { kind: 'unsupported'; reason: string };

export function stripMetadata(bytes: Uint8Array, mimeType: UploadMimeType): StripOutcome {
  return mimeType === 'image/jpeg' ? stripJpegMetadata(bytes) : stripPngMetadata(bytes);
}

// ---------------------------------------------------------------------------------------------
// JPEG

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DNL = 0xdc;
const DRI = 0xdd;
const DHT = 0xc4;
const DAC = 0xcc;
const APP0 = 0xe0;
const APP14 = 0xee;
const COM = 0xfe;

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== DHT && marker !== 0xc8 && marker !== DAC;
}

/** Baseline (SOF0), extended sequential (SOF1) and progressive (SOF2), all Huffman-coded. */
const PLAIN_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

function isRestart(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

function isApp(marker: number): boolean {
  return marker >= 0xe0 && marker <= 0xef;
}

function markerName(marker: number): string {
  if (isApp(marker)) return `APP${marker - APP0}`;
  if (marker === COM) return 'COM';
  return `0x${marker.toString(16).toUpperCase()}`;
}

function ascii(bytes: Uint8Array, from: number, length: number): string {
  let s = '';
  for (let i = from; i < from + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1];
}

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function unreadable(reason: string): UnreadableUploadError {
  return new UnreadableUploadError({ cause: new Error(reason) });
}

/** APP0 "JFIF\0" (version, density, thumbnail size, thumbnail pixels). */
function isJfif(bytes: Uint8Array, at: number, length: number): boolean {
  return length >= 16 && ascii(bytes, at + 4, 5) === 'JFIF\0';
}

/** The 16-byte JFIF APP0 with the same version and density, and no thumbnail. */
function jfifWithoutThumbnail(bytes: Uint8Array, at: number): Uint8Array {
  const out = bytes.slice(at, at + 18); // FF E0, length, "JFIF\0", version, units, densities, thumbnail size
  out[2] = 0; // length: 16
  out[3] = 16;
  out[16] = 0; // thumbnail width
  out[17] = 0; // thumbnail height
  return out;
}

/** APP14 "Adobe" of the standard 12-byte payload (version, flags0, flags1, colour transform). */
function isAdobe(bytes: Uint8Array, at: number): boolean {
  return ascii(bytes, at + 4, 5) === 'Adobe';
}

type SegmentVerdict = 'keep' | 'drop' | { replace: Uint8Array } | { unsupported: string };

function judgeSegment(bytes: Uint8Array, at: number, marker: number, length: number, inFrame: boolean): SegmentVerdict {
  if (marker === APP0) {
    if (!isJfif(bytes, at, length)) return 'drop'; // JFXX (a thumbnail), AVI1…
    const plain = length === 16 && bytes[at + 16] === 0 && bytes[at + 17] === 0;
    return plain ? 'keep' : { replace: jfifWithoutThumbnail(bytes, at) };
  }
  if (marker === APP14) {
    if (!isAdobe(bytes, at)) return 'drop';
    // Its transform flag says how to read the colours: keep it, but only in its standard form.
    return length === 14 ? 'keep' : { unsupported: 'an Adobe APP14 segment of a non-standard length' };
  }
  if (isApp(marker) || marker === COM) return 'drop';
  if (marker === DQT || marker === DHT || marker === DRI || marker === SOS) return 'keep';
  if (isStartOfFrame(marker)) {
    if (inFrame) return { unsupported: 'a second frame header' };
    if (!PLAIN_FRAMES.has(marker)) return { unsupported: `frame type ${markerName(marker)} (arithmetic, lossless or hierarchical)` };
    if (length < 8) return { unsupported: 'a frame header too short to read' };
    const precision = bytes[at + 4];
    const components = bytes[at + 9];
    if (precision !== 8) return { unsupported: `${precision}-bit samples` };
    if (components !== 1 && components !== 3) return { unsupported: `${components} colour components` };
    return 'keep';
  }
  if (marker === DNL && inFrame) return 'keep';
  return { unsupported: `marker ${markerName(marker)}` };
}

/** Index of the marker (its 0xFF) that ends the entropy-coded data starting at `from`, or -1. */
function endOfEntropyData(bytes: Uint8Array, from: number): number {
  let i = from;
  for (;;) {
    i = bytes.indexOf(0xff, i);
    if (i < 0 || i + 1 >= bytes.length) return -1;
    const next = bytes[i + 1];
    // FF 00 is a stuffed data byte, FF D0..D7 a restart marker, FF FF a fill byte before a marker.
    if (next === 0x00 || isRestart(next) || next === 0xff) {
      i += 1;
      continue;
    }
    return i;
  }
}

export function stripJpegMetadata(bytes: Uint8Array): StripOutcome {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw unreadable('no JPEG start-of-image marker');
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  const removed: string[] = [];
  let i = 2;
  let inFrame = false; // a SOFn was seen
  let scans = 0;
  for (;;) {
    if (i >= bytes.length) throw unreadable('the JPEG ends before its end-of-image marker');
    if (bytes[i] !== 0xff) return { kind: 'unsupported', reason: `stray bytes before a marker at offset ${i}` };
    while (i + 1 < bytes.length && bytes[i + 1] === 0xff) i += 1; // fill bytes
    if (i + 1 >= bytes.length) throw unreadable('the JPEG ends inside a marker');
    const marker = bytes[i + 1];
    if (marker === EOI) {
      if (scans === 0) throw unreadable('the JPEG has no scan');
      kept.push(bytes.subarray(i, i + 2));
      break; // anything after the end of the image is not stored
    }
    if (marker === SOI) throw unreadable('a second start-of-image marker');
    if (marker === 0x00 || marker === 0x01 || isRestart(marker)) {
      return { kind: 'unsupported', reason: `marker ${markerName(marker)} outside a scan` };
    }
    if (i + 4 > bytes.length) throw unreadable('the JPEG ends inside a segment header');
    const length = u16(bytes, i + 2);
    if (length < 2) throw unreadable(`segment ${markerName(marker)} declares a length of ${length}`);
    const end = i + 2 + length;
    if (end > bytes.length) throw unreadable(`segment ${markerName(marker)} runs past the end of the file`);

    const verdict = judgeSegment(bytes, i, marker, length, inFrame);
    if (typeof verdict === 'object') {
      if ('unsupported' in verdict) return { kind: 'unsupported', reason: verdict.unsupported };
      kept.push(verdict.replace);
      removed.push(`${markerName(marker)} thumbnail`);
      i = end;
      continue;
    }
    if (verdict === 'drop') {
      removed.push(markerName(marker));
      i = end;
      continue;
    }
    if (isStartOfFrame(marker)) inFrame = true;
    if (marker !== SOS) {
      kept.push(bytes.subarray(i, end));
      i = end;
      continue;
    }
    if (!inFrame) return { kind: 'unsupported', reason: 'a scan before the frame header' };
    const scanEnd = endOfEntropyData(bytes, end);
    if (scanEnd < 0) throw unreadable('the JPEG ends inside its scan data (truncated)');
    kept.push(bytes.subarray(i, scanEnd)); // the SOS header and its entropy-coded data, untouched
    scans += 1;
    i = scanEnd;
  }
  return { kind: 'stripped', bytes: concat(kept), removed };
}

// ---------------------------------------------------------------------------------------------
// PNG

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'cHRM', 'sRGB', 'sBIT']);
const PNG_MAX_CHUNK = 0x7fffffff;

function isLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

export function stripPngMetadata(bytes: Uint8Array): StripOutcome {
  if (bytes.length < 8 || !PNG_SIGNATURE.every((b, k) => bytes[k] === b)) throw unreadable('no PNG signature');
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const removed: string[] = [];
  let i = 8;
  let first = true;
  let idat = false;
  for (;;) {
    // Every chunk whole but no IEND: libpng reads such a file (the slow path re-encodes it whole).
    if (i === bytes.length && idat) return { kind: 'unsupported', reason: 'no IEND chunk' };
    if (i + 12 > bytes.length) throw unreadable('the PNG ends before its IEND chunk');
    const length = u32(bytes, i);
    if (length > PNG_MAX_CHUNK) throw unreadable(`a chunk declares ${length} bytes`);
    const end = i + 12 + length;
    if (end > bytes.length) throw unreadable('a chunk runs past the end of the file');
    if (![0, 1, 2, 3].every((k) => isLetter(bytes[i + 4 + k]))) throw unreadable(`a chunk type that is not four letters at offset ${i}`);
    const type = ascii(bytes, i + 4, 4);
    const critical = type.charCodeAt(0) < 0x61; // upper-case first letter
    if (first && (type !== 'IHDR' || length !== 13)) throw unreadable('the PNG does not start with IHDR');
    first = false;

    const keep = PNG_KEPT.has(type);
    if (crc32(bytes, i + 4, i + 8 + length) !== u32(bytes, i + 8 + length)) {
      // A damaged critical chunk is fatal (libpng says so too); a damaged ancillary one is left
      // to the decoder's judgement on the slow path (libpng warns and skips it).
      if (critical) throw unreadable(`bad CRC in chunk ${type}`);
      return { kind: 'unsupported', reason: `bad CRC in ancillary chunk ${type}` };
    }
    if (type === 'iCCP') return { kind: 'unsupported', reason: 'an embedded ICC profile' };
    if (critical && !keep) return { kind: 'unsupported', reason: `unknown critical chunk ${type}` };

    if (keep) kept.push(bytes.subarray(i, end));
    else removed.push(type);
    if (type === 'IDAT') idat = true;
    i = end;
    if (type === 'IEND') break; // anything after the end of the image is not stored
  }
  if (!idat) throw unreadable('the PNG has no image data');
  return { kind: 'stripped', bytes: concat(kept), removed };
}

// ---------------------------------------------------------------------------------------------

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** CRC-32 lookup tables for slicing-by-8 (eight bytes per step; a 10 MB PNG in a few ms). */
const CRC_TABLES = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0][n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 8; t++) tables[t][n] = (tables[t - 1][n] >>> 8) ^ tables[0][tables[t - 1][n] & 0xff];
  }
  return tables;
})();

/** CRC-32 (ISO 3309, as PNG uses it) of bytes[from, to). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = CRC_TABLES;
  let c = 0xffffffff;
  let k = from;
  for (; k + 8 <= to; k += 8) {
    const lo = (c ^ (bytes[k] | (bytes[k + 1] << 8) | (bytes[k + 2] << 16) | (bytes[k + 3] << 24))) >>> 0;
    c =
      t7[lo & 0xff] ^
      t6[(lo >>> 8) & 0xff] ^
      t5[(lo >>> 16) & 0xff] ^
      t4[lo >>> 24] ^
      t3[bytes[k + 4]] ^
      t2[bytes[k + 5]] ^
      t1[bytes[k + 6]] ^
      t0[bytes[k + 7]];
  }
  for (; k < to; k++) c = t0[(c ^ bytes[k]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
