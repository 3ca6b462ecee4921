import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test images for the upload checks (D12), built from the real photographs in
 * backend/assets/demo-photos (copies of /work/shared/photos, credits in its CREDITS.md; override
 * with PHOTOS_DIR) and with sharp, plus hand-made bytes where an
 * image must be broken in one precise way.
 */
const PHOTOS_DIR = process.env.PHOTOS_DIR ?? path.resolve(__dirname, '..', '..', 'assets', 'demo-photos');

export function photo(name: 'rocket.jpg' | 'coffee.png' | 'chelsea.png' | 'astronaut.png'): Buffer {
  return fs.readFileSync(path.join(PHOTOS_DIR, name));
}

/** A real JPEG photograph, 640x427. */
export function photoJpeg(): Buffer {
  return photo('rocket.jpg');
}

/** A real PNG photograph, 600x400. */
export function photoPng(): Buffer {
  return photo('coffee.png');
}

/** A small JPEG (cheap to generate 50 times at once). */
export function smallJpeg(width = 160, height = 120): Promise<Buffer> {
  return sharp(photoJpeg()).resize(width, height, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
}

/** A photograph of one flat colour, for exact pixel comparisons. */
export function flatJpeg(width: number, height: number, background = '#808080'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 95 }).toBuffer();
}

export const GPS_EXIF = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2964/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 17/1 4000/100',
};

/**
 * The photo (640x427 as stored) with EXIF orientation 6 (display rotated 90° clockwise, so it
 * shows as 427x640), camera make/model, an owner name, GPS coordinates, and an ICC profile.
 */
export function jpegWithOrientationAndGps(): Promise<Buffer> {
  return sharp(photoJpeg())
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Spy 1', Artist: 'Jane Private', Copyright: 'Jane Private' }, IFD3: GPS_EXIF })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The first 60% of a real JPEG: the signature is right, the scan data stops halfway. */
export function truncatedJpeg(): Buffer {
  const jpeg = photoJpeg();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
}

/** Plain text in a file whose name says .jpg. */
export function textFile(): Buffer {
  return Buffer.from('This is not a picture. It is a text file with a .jpg name.\n'.repeat(20));
}

/** A real GIF (sharp writes it). */
export function gif(): Promise<Buffer> {
  return sharp(photoJpeg()).resize(64, 48).gif().toBuffer();
}

/** A real, decodable JPEG padded after its end marker to `bytes` (11 MB by default). */
export function oversizedJpeg(bytes = 11 * 1024 * 1024): Buffer {
  const jpeg = photoJpeg();
  return Buffer.concat([jpeg, Buffer.alloc(Math.max(0, bytes - jpeg.length))]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG file whose header declares width x height (30000x30000 = 900
 * megapixels): a decompression bomb's shape. Its one IDAT holds a few bytes of zlib data only.
 */
export function pngDeclaring(width = 30000, height = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  // compression, filter, interlace: 0
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The marker segments of a JPEG before its scan (APP0 JFIF, APP1 Exif/XMP, APP2 ICC, COM…). */
export function jpegSegments(jpeg: Buffer): Array<{ marker: number; name: string; data: Buffer }> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const segments: Array<{ marker: number; name: string; data: Buffer }> = [];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1];
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image
    const length = jpeg.readUInt16BE(i + 2);
    const data = jpeg.subarray(i + 4, i + 2 + length);
    const name =
      marker >= 0xe0 && marker <= 0xef ? `APP${marker - 0xe0}` : marker === 0xfe ? 'COM' : `0x${marker.toString(16).toUpperCase()}`;
    segments.push({ marker, name, data });
    i += 2 + length;
  }
  return segments;
}

/** The tags of IFD0 in a TIFF/EXIF block ("Exif\0\0" header optional). 0x8825 is the GPS IFD pointer. */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  const count = u16(ifd);
  return Array.from({ length: count }, (_, n) => u16(ifd + 2 + n * 12));
}

export const GPS_IFD_POINTER = 0x8825;
export const ORIENTATION_TAG = 0x0112;

/** Mean absolute difference per channel value between two same-sized images, over a region. */
export async function meanDifference(
  a: Buffer,
  b: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const raw = async (img: Buffer) => {
    let s = sharp(img).removeAlpha();
    if (region) s = s.extract(region);
    return s.raw().toBuffer({ resolveWithObject: true });
  };
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) throw new Error('images differ in size');
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i] - y.data[i]);
  return sum / x.data.length;
}

// ---------------------------------------------------------------------------------------------
// The upload check's fast path (metadata stripped at the byte level, no re-encode): images made
// clean by sharp, then decorated with metadata segments and chunks inserted by hand.

/** A JPEG marker segment: FF marker, big-endian length (payload + 2), payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** The JPEG with `segments` inserted after its APP0 (JFIF) segment, or right after SOI when it has none. */
export function insertJpegSegments(jpeg: Buffer, segments: Buffer[]): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const at = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), ...segments, jpeg.subarray(at)]);
}

/** The photo re-encoded by sharp: sRGB, no ICC profile, no EXIF, no orientation (the fast path's kind of upload). */
export function cleanJpeg(): Promise<Buffer> {
  return sharp(photoJpeg()).jpeg({ quality: 90 }).toBuffer();
}

/** An EXIF APP1 payload ("Exif\0\0" + TIFF) as sharp writes it: camera, owner, GPS coordinates, orientation 1. */
export async function gpsExifPayload(): Promise<Buffer> {
  const carrier = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Spy 1', Artist: 'Jane Private', Copyright: 'Jane Private' }, IFD3: GPS_EXIF })
    .jpeg()
    .toBuffer();
  const app1 = jpegSegments(carrier).find((s) => s.name === 'APP1' && s.data.subarray(0, 6).toString('latin1') === 'Exif\0\0');
  if (!app1) throw new Error('sharp wrote no EXIF');
  return Buffer.from(app1.data);
}

/** An EXIF APP1 payload holding only IFD0's Orientation tag (big-endian TIFF). */
export function orientationExifPayload(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4); // IFD0 offset
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18); // value, left-justified in the 4-byte field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

const XMP_APP1_ID = 'http://ns.adobe.com/xap/1.0/\0';

/** An XMP APP1 payload whose packet carries GPS coordinates and an owner. */
export function xmpPayload(): Buffer {
  const packet =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" exif:GPSLatitude="48,51.494N" exif:GPSLongitude="2,17.667E">' +
    '<dc:creator><rdf:Seq><rdf:li>Jane Private</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  return Buffer.concat([Buffer.from(XMP_APP1_ID, 'latin1'), Buffer.from(packet, 'utf8')]);
}

/**
 * An upright JPEG (no ICC profile) carrying EXIF with GPS, an XMP packet and a COM segment, and
 * the very same JPEG without those three segments.
 */
export async function uprightJpegWithMetadata(): Promise<{ upload: Buffer; clean: Buffer }> {
  const clean = await cleanJpeg();
  const upload = insertJpegSegments(clean, [
    jpegSegment(0xe1, await gpsExifPayload()),
    jpegSegment(0xe1, xmpPayload()),
    jpegSegment(0xfe, Buffer.from('Shot at 12 Rue Private, Paris', 'latin1')),
  ]);
  return { upload, clean };
}

/** The clean JPEG (no ICC profile) with a minimal EXIF block holding only an orientation. */
export async function jpegWithOrientation(orientation: number): Promise<Buffer> {
  return insertJpegSegments(await cleanJpeg(), [jpegSegment(0xe1, orientationExifPayload(orientation))]);
}

/** An ICC-free, upright JPEG cut at 60%: the fast path's own truncation case. */
export async function truncatedCleanJpeg(): Promise<Buffer> {
  const jpeg = await cleanJpeg();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
}

/** The same, but with an end-of-image marker after the cut: well-formed segments, missing scan data. */
export async function truncatedCleanJpegWithEoi(): Promise<Buffer> {
  return Buffer.concat([await truncatedCleanJpeg(), Buffer.from([0xff, 0xd9])]);
}

/** Four fully saturated quadrants (red, green, blue, yellow), 256x256, sRGB without a profile: where colour conversion shows. */
export function saturatedJpeg(): Promise<Buffer> {
  const quadrant = (background: string) => sharp({ create: { width: 128, height: 128, channels: 3, background } }).png().toBuffer();
  return Promise.all(['#ff0000', '#00ff00', '#0000ff', '#ffff00'].map(quadrant)).then((q) =>
    sharp({ create: { width: 256, height: 256, channels: 3, background: '#000' } })
      .composite([
        { input: q[0], left: 0, top: 0 },
        { input: q[1], left: 128, top: 0 },
        { input: q[2], left: 0, top: 128 },
        { input: q[3], left: 128, top: 128 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
}

/** `jpeg` converted to Display P3 and carrying the P3 ICC profile (APP2): the slow path's kind of upload. */
export function withP3Profile(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).withIccProfile('p3').jpeg({ quality: 95 }).toBuffer();
}

/** The chunks of a PNG, in order. */
export function pngChunks(png: Buffer): Array<{ type: string; data: Buffer; raw: Buffer }> {
  const chunks: Array<{ type: string; data: Buffer; raw: Buffer }> = [];
  let i = 8;
  while (i + 12 <= png.length) {
    const length = png.readUInt32BE(i);
    const type = png.toString('latin1', i + 4, i + 8);
    chunks.push({ type, data: png.subarray(i + 8, i + 8 + length), raw: png.subarray(i, i + 12 + length) });
    i += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** The PNG with chunks (type, data) inserted right after IHDR, each with its proper CRC. */
export function insertPngChunks(png: Buffer, chunks: Array<{ type: string; data: Buffer }>): Buffer {
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks.map((c) => pngChunk(c.type, c.data)), png.subarray(afterIhdr)]);
}

/** The PNG photograph with tEXt (author, place), eXIf (GPS) and iTXt (XMP) chunks added. */
export async function pngWithTextAndExif(): Promise<Buffer> {
  const exif = (await gpsExifPayload()).subarray(6); // eXIf holds the TIFF block without "Exif\0\0"
  return insertPngChunks(photoPng(), [
    { type: 'tEXt', data: Buffer.from('Author\0Jane Private', 'latin1') },
    { type: 'tEXt', data: Buffer.from('Location\u000012 Rue Private, Paris', 'latin1') },
    { type: 'eXIf', data: exif },
    { type: 'iTXt', data: Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), xmpPayload().subarray(XMP_APP1_ID.length)]) },
  ]);
}
