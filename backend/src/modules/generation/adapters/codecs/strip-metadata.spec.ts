import { UnreadableUploadError } from '../../domain/generation-errors';
import { crc32, stripJpegMetadata, stripMetadata, stripPngMetadata, type StripOutcome } from './strip-metadata';

/** Hand-made bytes only: each test breaks or decorates a file in one precise way. */
const bytes = (...parts: Array<number[] | Uint8Array | string>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : [...p])));

function stripped(outcome: StripOutcome): Uint8Array {
  if (outcome.kind !== 'stripped') throw new Error(`expected stripped, got unsupported: ${outcome.reason}`);
  return outcome.bytes;
}

function hex(data: Uint8Array): string {
  return Buffer.from(data).toString('hex');
}

// ---------------------------------------------------------------------------------------------
// JPEG building blocks

/** A marker segment: FF marker, length (payload + 2), payload. */
function seg(marker: number, payload: Uint8Array | number[] | string): Uint8Array {
  const body = bytes(payload);
  return bytes([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff], body);
}

const SOI = bytes([0xff, 0xd8]);
const EOI = bytes([0xff, 0xd9]);
const JFIF = seg(0xe0, bytes('JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]));
const JFIF_WITH_THUMBNAIL = seg(0xe0, bytes('JFIF\0', [1, 1, 1, 0, 72, 0, 72, 1, 1], [10, 20, 30]));
const JFXX = seg(0xe0, bytes('JFXX\0', [0x10], [0xff, 0xd8, 0xff, 0xd9]));
const EXIF_GPS = seg(0xe1, bytes('Exif\0\0', 'MM\0*', [0, 0, 0, 8], 'GPS 48.8582N 2.2945E'));
const XMP = seg(0xe1, bytes('http://ns.adobe.com/xap/1.0/\0', '<x:xmpmeta><exif:GPSLatitude>48,51.5N</exif:GPSLatitude></x:xmpmeta>'));
const MPF = seg(0xe2, bytes('MPF\0', 'MM\0*', [0, 0, 0, 8]));
const IPTC = seg(0xed, bytes('Photoshop 3.0\0', '8BIM', [4, 4], 'By-line: Jane Private'));
const APP15 = seg(0xef, 'vendor private data');
const COMMENT = seg(0xfe, 'shot at 12 Rue Private, Paris');
const ADOBE = seg(0xee, bytes('Adobe', [0, 100, 0, 0, 0, 0, 1]));
const DQT = seg(0xdb, [0x00, ...Array.from({ length: 64 }, (_, k) => k + 1)]);
const SOF0 = seg(0xc0, [8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const SOF2 = seg(0xc2, [8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const DHT = seg(0xc4, [0x00, 0, 1, ...Array(14).fill(0), 0]);
const DRI = seg(0xdd, [0, 4]);
const SOS = seg(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
/** Entropy-coded data with a stuffed FF 00, two restart markers and a fill byte before the next marker. */
const SCAN_DATA = bytes([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0x9a, 0xff, 0xd1, 0xbc, 0xff, 0x00, 0xde]);

/** The smallest JPEG-shaped file this walker accepts, with its metadata, and what must be left of it. */
function jpegPair(): { dirty: Uint8Array; clean: Uint8Array } {
  const dirty = bytes(SOI, JFIF, EXIF_GPS, XMP, MPF, IPTC, APP15, COMMENT, DQT, SOF0, DHT, DRI, SOS, SCAN_DATA, EOI);
  const clean = bytes(SOI, JFIF, DQT, SOF0, DHT, DRI, SOS, SCAN_DATA, EOI);
  return { dirty, clean };
}

describe('stripJpegMetadata (D12, lossless)', () => {
  it('drops APP1..APP13, APP15 and COM, keeping every other byte as it was', () => {
    const { dirty, clean } = jpegPair();
    const outcome = stripJpegMetadata(dirty);
    expect(hex(stripped(outcome))).toBe(hex(clean));
    expect(outcome).toMatchObject({ removed: ['APP1', 'APP1', 'APP2', 'APP13', 'APP15', 'COM'] });
  });

  it('leaves a file without metadata byte for byte as it is', () => {
    const { clean } = jpegPair();
    expect(hex(stripped(stripJpegMetadata(clean)))).toBe(hex(clean));
    expect(stripJpegMetadata(clean)).toMatchObject({ removed: [] });
  });

  it('is idempotent and does not touch its input', () => {
    const { dirty } = jpegPair();
    const copy = Uint8Array.from(dirty);
    const once = stripped(stripJpegMetadata(dirty));
    expect(hex(stripped(stripJpegMetadata(once)))).toBe(hex(once));
    expect(hex(dirty)).toBe(hex(copy));
  });

  it('carries no trace of the metadata text', () => {
    const out = Buffer.from(stripped(stripJpegMetadata(jpegPair().dirty))).toString('latin1');
    for (const secret of ['Exif', 'GPS', 'xmpmeta', 'Jane Private', 'Rue Private', 'MPF', 'Photoshop', 'vendor']) {
      expect(out).not.toContain(secret);
    }
  });

  it('drops whatever follows the end-of-image marker (MPF images, motion-photo video, SEFT trailers)', () => {
    const { clean } = jpegPair();
    const trailer = bytes(SOI, EXIF_GPS, 'ftypmp42 ... moov ... GPS', 'SEFT');
    expect(hex(stripped(stripJpegMetadata(bytes(clean, trailer))))).toBe(hex(clean));
  });

  it('keeps the 12-byte Adobe APP14 (its colour transform flag) and drops any other APP14', () => {
    const withAdobe = bytes(SOI, ADOBE, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(withAdobe)))).toBe(hex(withAdobe));
    const other = bytes(SOI, seg(0xee, 'NotAdobe stuff'), DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(other)))).toBe(hex(bytes(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI)));
  });

  it('sends an Adobe APP14 of a non-standard length to the slow path', () => {
    const odd = bytes(SOI, seg(0xee, bytes('Adobe', [0, 100, 0, 0, 0, 0, 1, 9, 9])), DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(stripJpegMetadata(odd)).toMatchObject({ kind: 'unsupported' });
  });

  it('keeps a plain JFIF APP0, rewrites one carrying a thumbnail without it, and drops a JFXX extension or another APP0', () => {
    const body = bytes(DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(bytes(SOI, JFIF, body))))).toBe(hex(bytes(SOI, JFIF, body)));
    const rewritten = stripJpegMetadata(bytes(SOI, JFIF_WITH_THUMBNAIL, body));
    // Same version (1.01), units and densities (72x72 dpi here), thumbnail 0x0.
    expect(hex(stripped(rewritten))).toBe(hex(bytes(SOI, seg(0xe0, bytes('JFIF\0', [1, 1, 1, 0, 72, 0, 72, 0, 0])), body)));
    expect(rewritten).toMatchObject({ removed: ['APP0 thumbnail'] });
    expect(hex(stripped(stripJpegMetadata(bytes(SOI, JFIF, JFXX, body))))).toBe(hex(bytes(SOI, JFIF, body)));
    expect(hex(stripped(stripJpegMetadata(bytes(SOI, seg(0xe0, 'AVI1\0\0\0\0'), body))))).toBe(hex(bytes(SOI, body)));
  });

  it('rewrites a JFIF APP0 whose thumbnail makes it longer than 255 bytes', () => {
    const big = seg(0xe0, bytes('JFIF\0', [1, 2, 0, 0, 1, 0, 1, 10, 10], Array(300).fill(7)));
    const out = stripped(stripJpegMetadata(bytes(SOI, big, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI)));
    expect(hex(out)).toBe(hex(bytes(SOI, seg(0xe0, bytes('JFIF\0', [1, 2, 0, 0, 1, 0, 1, 0, 0])), DQT, SOF0, DHT, SOS, SCAN_DATA, EOI)));
  });

  it('walks every scan of a progressive file, keeping tables between scans and dropping metadata there', () => {
    const scan2 = bytes([0xaa, 0xff, 0x00, 0xbb]);
    const dirty = bytes(SOI, JFIF, DQT, SOF2, DHT, SOS, SCAN_DATA, COMMENT, DHT, EXIF_GPS, SOS, scan2, EOI);
    const clean = bytes(SOI, JFIF, DQT, SOF2, DHT, SOS, SCAN_DATA, DHT, SOS, scan2, EOI);
    expect(hex(stripped(stripJpegMetadata(dirty)))).toBe(hex(clean));
  });

  it('keeps an 8-bit extended sequential frame (SOF1) and a greyscale one', () => {
    const sof1 = bytes(SOI, DQT, seg(0xc1, [8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]), DHT, SOS, SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(sof1)))).toBe(hex(sof1));
    const grey = bytes(SOI, DQT, seg(0xc0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]), DHT, seg(0xda, [1, 1, 0x00, 0, 63, 0]), SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(grey)))).toBe(hex(grey));
  });

  it('keeps a DNL segment after the first scan', () => {
    const dnl = seg(0xdc, [0, 16]);
    const file = bytes(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, dnl, EOI);
    expect(hex(stripped(stripJpegMetadata(file)))).toBe(hex(file));
  });

  it('accepts fill bytes before a marker', () => {
    const file = bytes(SOI, [0xff, 0xff], DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(hex(stripped(stripJpegMetadata(file)))).toBe(hex(bytes(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI)));
  });

  it.each<[string, Uint8Array]>([
    ['no start-of-image marker', bytes([0xff, 0xd9, 0xff, 0xd9])],
    ['nothing but SOI', SOI],
    ['a segment length below 2', bytes(SOI, [0xff, 0xe1, 0x00, 0x01], DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ['a segment running past the end', bytes(SOI, [0xff, 0xe1, 0x40, 0x00, 0x01, 0x02])],
    ['a segment header cut short', bytes(SOI, JFIF, [0xff, 0xdb, 0x00])],
    ['a marker cut short', bytes(SOI, JFIF, [0xff])],
    ['a scan with no end-of-image marker (truncated)', bytes(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA)],
    ['a scan cut in the middle of an FF 00 pair', bytes(SOI, DQT, SOF0, DHT, SOS, [0x12, 0xff])],
    ['an end-of-image marker before any scan', bytes(SOI, DQT, SOF0, EOI)],
    ['a second start-of-image marker', bytes(SOI, DQT, SOI, SOF0, SOS, SCAN_DATA, EOI)],
    ['a segment after the scan whose length runs past the end', bytes(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, [0xff, 0xe1, 0xff, 0xff, 1, 2, 3])],
  ])('refuses %s as unreadable', (_name, file) => {
    expect(() => stripJpegMetadata(file)).toThrow(UnreadableUploadError);
  });

  it.each<[string, Uint8Array]>([
    ['stray bytes between segments', bytes(SOI, JFIF, [0x00, 0x01], DQT, SOF0, DHT, SOS, SCAN_DATA, EOI)],
    ['a JPEG-LS frame (SOF55, F7)', bytes(SOI, DQT, seg(0xf7, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]), SOS, SCAN_DATA, EOI)],
    ['a hierarchical DHP segment', bytes(SOI, DQT, seg(0xde, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]), SOF0, SOS, SCAN_DATA, EOI)],
    ['a reserved marker', bytes(SOI, seg(0x02, [1, 2]), DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ['a restart marker outside a scan', bytes(SOI, [0xff, 0xd3], DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ['a second frame header', bytes(SOI, DQT, SOF0, SOF2, DHT, SOS, SCAN_DATA, EOI)],
    ['a scan before the frame header', bytes(SOI, DQT, DHT, SOS, SCAN_DATA, EOI)],
    ['a DNL segment before the frame', bytes(SOI, seg(0xdc, [0, 16]), DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ['an arithmetic-coded frame (SOF9)', bytes(SOI, DQT, seg(0xc9, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]), SOS, SCAN_DATA, EOI)],
    ['an arithmetic conditioning table (DAC)', bytes(SOI, DQT, seg(0xcc, [0, 0x10]), SOF0, SOS, SCAN_DATA, EOI)],
    ['a lossless frame (SOF3)', bytes(SOI, DQT, seg(0xc3, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]), SOS, SCAN_DATA, EOI)],
    ['a 12-bit frame (SOF1)', bytes(SOI, DQT, seg(0xc1, [12, 0, 16, 0, 16, 1, 1, 0x11, 0]), SOS, SCAN_DATA, EOI)],
    ['a 4-component (CMYK/YCCK) frame', bytes(SOI, DQT, seg(0xc0, [8, 0, 16, 0, 16, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0]), SOS, SCAN_DATA, EOI)],
    ['a frame header too short to read', bytes(SOI, DQT, seg(0xc0, [8, 0, 16]), SOS, SCAN_DATA, EOI)],
  ])('sends %s to the slow path (the decoder decides)', (_name, file) => {
    expect(stripJpegMetadata(file)).toMatchObject({ kind: 'unsupported' });
  });
});

// ---------------------------------------------------------------------------------------------
// PNG building blocks

const SIGNATURE = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array | number[] | string = []): Uint8Array {
  const body = bytes(type, data);
  const length = body.length - 4;
  const crc = crc32(body);
  return bytes([length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff], body, [
    crc >>> 24,
    (crc >> 16) & 0xff,
    (crc >> 8) & 0xff,
    crc & 0xff,
  ]);
}

/** The same chunk with its CRC's last byte flipped. */
function damaged(c: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(c);
  copy[copy.length - 1] ^= 0xff;
  return copy;
}

const IHDR = chunk('IHDR', [0, 0, 0, 2, 0, 0, 0, 2, 8, 3, 0, 0, 0]);
const PLTE = chunk('PLTE', [255, 0, 0, 0, 0, 255]);
const TRNS = chunk('tRNS', [128]);
const GAMA = chunk('gAMA', [0, 0, 0xb1, 0x8f]);
const CHRM = chunk('cHRM', Array(32).fill(1));
const SRGB = chunk('sRGB', [0]);
const SBIT = chunk('sBIT', [8, 8, 8]);
const IDAT1 = chunk('IDAT', [0x78, 0x9c, 0x63, 0x60]);
const IDAT2 = chunk('IDAT', [0x60, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01]);
const IEND = chunk('IEND');
const TEXT = chunk('tEXt', 'Author\0Jane Private');
const ZTXT = chunk('zTXt', 'Comment\0\0xyz');
const ITXT_XMP = chunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS 48.85N</x:xmpmeta>');
const EXIF = chunk('eXIf', bytes('MM\0*', [0, 0, 0, 8], 'GPS 48.8582N'));
const TIME = chunk('tIME', [0x07, 0xe8, 1, 2, 3, 4, 5]);
const PHYS = chunk('pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]);
const PRIVATE = chunk('prVt', 'camera serial 12345');
const ACTL = chunk('acTL', [0, 0, 0, 1, 0, 0, 0, 0]);

describe('stripPngMetadata (D12, lossless)', () => {
  it('keeps IHDR, PLTE, tRNS, IDAT, IEND and the colour chunks; drops text, EXIF, time, pHYs and private chunks', () => {
    const dirty = bytes(SIGNATURE, IHDR, GAMA, CHRM, SRGB, SBIT, TEXT, EXIF, TIME, PHYS, PLTE, TRNS, ITXT_XMP, IDAT1, IDAT2, ZTXT, PRIVATE, IEND);
    const clean = bytes(SIGNATURE, IHDR, GAMA, CHRM, SRGB, SBIT, PLTE, TRNS, IDAT1, IDAT2, IEND);
    const outcome = stripPngMetadata(dirty);
    expect(hex(stripped(outcome))).toBe(hex(clean));
    expect(outcome).toMatchObject({ removed: ['tEXt', 'eXIf', 'tIME', 'pHYs', 'iTXt', 'zTXt', 'prVt'] });
    expect(Buffer.from(stripped(outcome)).toString('latin1')).not.toMatch(/Jane|GPS|xmpmeta|serial/);
  });

  it('leaves a clean file byte for byte as it is, and is idempotent', () => {
    const clean = bytes(SIGNATURE, IHDR, PLTE, IDAT1, IEND);
    expect(hex(stripped(stripPngMetadata(clean)))).toBe(hex(clean));
    const once = stripped(stripPngMetadata(bytes(SIGNATURE, IHDR, TEXT, PLTE, IDAT1, IEND)));
    expect(hex(stripped(stripPngMetadata(once)))).toBe(hex(once));
  });

  it('drops the animation chunks of an APNG and whatever follows IEND', () => {
    const file = bytes(SIGNATURE, IHDR, ACTL, PLTE, IDAT1, IEND, TEXT, 'trailing bytes');
    expect(hex(stripped(stripPngMetadata(file)))).toBe(hex(bytes(SIGNATURE, IHDR, PLTE, IDAT1, IEND)));
  });

  it.each<[string, Uint8Array]>([
    ['no signature', bytes(IHDR, IDAT1, IEND)],
    ['a chunk header cut short (truncated)', bytes(SIGNATURE, IHDR, IDAT1, IEND.subarray(0, 6))],
    ['no IEND and no IDAT', bytes(SIGNATURE, IHDR)],
    ['a chunk cut short', bytes(SIGNATURE, IHDR, IDAT1.subarray(0, IDAT1.length - 3))],
    ['a chunk length past the end', bytes(SIGNATURE, IHDR, [0, 0, 0x10, 0], 'IDAT', [1, 2, 3], IEND)],
    ['a chunk length over 2^31 - 1', bytes(SIGNATURE, IHDR, [0x80, 0, 0, 0], 'IDAT', IEND)],
    ['a first chunk that is not IHDR', bytes(SIGNATURE, GAMA, IHDR, IDAT1, IEND)],
    ['an IHDR of the wrong length', bytes(SIGNATURE, chunk('IHDR', [0, 0, 0, 2]), IDAT1, IEND)],
    ['a chunk type that is not four letters', bytes(SIGNATURE, IHDR, chunk('ID4T', [1]), IDAT1, IEND)],
    ['a bad CRC on IDAT', bytes(SIGNATURE, IHDR, damaged(IDAT1), IEND)],
    ['a bad CRC on IHDR', bytes(SIGNATURE, damaged(IHDR), IDAT1, IEND)],
    ['a bad CRC on IEND', bytes(SIGNATURE, IHDR, IDAT1, damaged(IEND))],
    ['no IDAT at all', bytes(SIGNATURE, IHDR, IEND)],
  ])('refuses %s as unreadable', (_name, file) => {
    expect(() => stripPngMetadata(file)).toThrow(UnreadableUploadError);
  });

  it.each<[string, Uint8Array]>([
    ['an iCCP profile', bytes(SIGNATURE, IHDR, chunk('iCCP', 'sRGB\0\0xyz'), IDAT1, IEND)],
    ['an unknown critical chunk', bytes(SIGNATURE, IHDR, chunk('ABCD', [1]), IDAT1, IEND)],
    ['every chunk whole but no IEND', bytes(SIGNATURE, IHDR, IDAT1, IDAT2)],
    ['a bad CRC on a dropped ancillary chunk', bytes(SIGNATURE, IHDR, damaged(TEXT), IDAT1, IEND)],
    ['a bad CRC on a kept ancillary chunk (gAMA)', bytes(SIGNATURE, IHDR, damaged(GAMA), IDAT1, IEND)],
  ])('sends %s to the slow path (the decoder decides)', (_name, file) => {
    expect(stripPngMetadata(file)).toMatchObject({ kind: 'unsupported' });
  });

  it("refuses Apple's CgBI variant (a critical chunk before IHDR), as libpng does", () => {
    expect(() => stripPngMetadata(bytes(SIGNATURE, chunk('CgBI', [0x50, 0, 0x20, 2]), IHDR, IDAT1, IEND))).toThrow(UnreadableUploadError);
  });
});

describe('crc32', () => {
  it('matches the standard check values', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
    expect(crc32(bytes('IEND'))).toBe(0xae426082);
    expect(crc32(bytes('xx123456789yy'), 2, 11)).toBe(0xcbf43926);
    expect(crc32(bytes())).toBe(0);
  });

  it('agrees with the bytewise definition at every length and offset (the 8-byte fast loop and its tail)', () => {
    const bytewise = (data: Uint8Array, from: number, to: number) => {
      let c = 0xffffffff;
      for (let k = from; k < to; k++) {
        c ^= data[k];
        for (let b = 0; b < 8; b++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      }
      return (c ^ 0xffffffff) >>> 0;
    };
    const data = Uint8Array.from({ length: 300 }, (_, k) => (k * 131 + 7) & 0xff);
    for (let from = 0; from < 9; from++) {
      for (let to = from; to <= 300; to += 7) expect(crc32(data, from, to)).toBe(bytewise(data, from, to));
    }
  });
});

describe('stripMetadata', () => {
  it('dispatches on the sniffed type', () => {
    expect(hex(stripped(stripMetadata(jpegPair().dirty, 'image/jpeg')))).toBe(hex(jpegPair().clean));
    const png = bytes(SIGNATURE, IHDR, TEXT, PLTE, IDAT1, IEND);
    expect(hex(stripped(stripMetadata(png, 'image/png')))).toBe(hex(bytes(SIGNATURE, IHDR, PLTE, IDAT1, IEND)));
  });
});
