import { crc32 } from 'node:zlib';

/**
 * D42: the digital source type also as XMP (IPTC `Iptc4xmpExt:DigitalSourceType`), for readers
 * that look at XMP rather than C2PA. Written into the file's bytes before it is signed (the
 * manifest's hash then covers it), without decoding or re-encoding the picture: a JPEG APP1
 * segment after SOI, a PNG iTXt chunk after IHDR, a WebP XMP chunk (a simple WebP becomes an
 * extended one, VP8X, to hold it). A file that already carries XMP is left as it is.
 */
export function xmpPacket(sourceType: string): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="${sourceType}"/>`,
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');
}

const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';

export function withXmp(bytes: Buffer, mimeType: string, packet: string): Buffer {
  if (mimeType === 'image/jpeg') return jpegWithXmp(bytes, packet);
  if (mimeType === 'image/png') return pngWithXmp(bytes, packet);
  if (mimeType === 'image/webp') return webpWithXmp(bytes, packet);
  return bytes;
}

function jpegWithXmp(bytes: Buffer, packet: string): Buffer {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  // Already there: some APP1 carries the XMP namespace (scanned only through the header segments).
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] >= 0xe0 && bytes[at + 1] <= 0xef) {
    const length = bytes.readUInt16BE(at + 2);
    if (bytes[at + 1] === 0xe1 && bytes.subarray(at + 4, at + 4 + XMP_NAMESPACE.length).toString('latin1') === XMP_NAMESPACE) return bytes;
    at += 2 + length;
  }
  const payload = Buffer.concat([Buffer.from(XMP_NAMESPACE, 'latin1'), Buffer.from(packet, 'utf8')]);
  if (payload.length + 2 > 0xffff) throw new Error('XMP packet too large for one segment');
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  // After a JFIF APP0, which readers expect first.
  const insertAt = bytes[2] === 0xff && bytes[3] === 0xe0 ? 4 + bytes.readUInt16BE(4) : 2;
  return Buffer.concat([bytes.subarray(0, insertAt), header, payload, bytes.subarray(insertAt)]);
}

function pngWithXmp(bytes: Buffer, packet: string): Buffer {
  const signature = bytes.subarray(0, 8);
  if (signature.toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let at = 8;
  let afterHeader = -1;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'iTXt' && bytes.subarray(at + 8, at + 8 + 17).toString('latin1') === 'XML:com.adobe.xmp') return bytes;
    if (type === 'IHDR') afterHeader = at + 12 + length;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (afterHeader < 0) throw new Error('PNG without IHDR');
  // keyword, NUL, compression flag 0, method 0, empty language tag, NUL, empty translated keyword, NUL, text.
  const data = Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(packet, 'utf8')]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iTXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([bytes.subarray(0, afterHeader), chunk, bytes.subarray(afterHeader)]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const header = Buffer.alloc(8);
  header.write(fourcc, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, padded]);
}

/** The canvas size of a simple WebP's only image chunk (VP8 key frame or VP8L header). */
function webpCanvas(fourcc: string, data: Buffer): { width: number; height: number; alpha: boolean } {
  if (fourcc === 'VP8 ') {
    if (data.length < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw new Error('not a VP8 key frame');
    return { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff, alpha: false };
  }
  if (fourcc === 'VP8L') {
    if (data.length < 5 || data[0] !== 0x2f) throw new Error('not a VP8L image');
    const bits = data.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  throw new Error(`unexpected WebP chunk ${fourcc}`);
}

function webpWithXmp(bytes: Buffer, packet: string): Buffer {
  if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF' || bytes.subarray(8, 12).toString('latin1') !== 'WEBP') throw new Error('not a WebP');
  const chunks: Array<{ fourcc: string; data: Buffer }> = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const fourcc = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    chunks.push({ fourcc, data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  if (chunks.some((c) => c.fourcc === 'XMP ')) return bytes;
  const xmp = { fourcc: 'XMP ', data: Buffer.from(packet, 'utf8') };
  let out: Array<{ fourcc: string; data: Buffer }>;
  const extended = chunks.find((c) => c.fourcc === 'VP8X');
  if (extended) {
    const flags = Buffer.from(extended.data);
    flags[0] |= 0x04; // XMP metadata present
    out = [...chunks.map((c) => (c === extended ? { fourcc: 'VP8X', data: flags } : c)), xmp];
  } else {
    if (chunks.length !== 1) throw new Error('unexpected simple WebP layout');
    const { width, height, alpha } = webpCanvas(chunks[0].fourcc, chunks[0].data);
    const header = Buffer.alloc(10);
    header[0] = 0x04 | (alpha ? 0x10 : 0);
    header.writeUIntLE(width - 1, 4, 3);
    header.writeUIntLE(height - 1, 7, 3);
    out = [{ fourcc: 'VP8X', data: header }, chunks[0], xmp];
  }
  const body = Buffer.concat(out.map((c) => riffChunk(c.fourcc, c.data)));
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + body.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, body]);
}
