import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';

/**
 * Test images for the upload checks (D12), built from the real photographs in
 * /work/shared/photos (override with PHOTOS_DIR) and with sharp, plus hand-made bytes where an
 * image must be broken in one precise way.
 */
const PHOTOS_DIR = process.env.PHOTOS_DIR ?? '/work/shared/photos';

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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
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
