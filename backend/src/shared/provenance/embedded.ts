/**
 * D42: whether a file already carries an embedded C2PA manifest store, by its container: a JPEG
 * APP11 segment holding a JUMBF box labelled `c2pa`, a PNG `caBX` chunk, a WebP `C2PA` chunk.
 * Read from the container's structure only (no validation: the backfill asks it so as not to sign
 * a signed file twice).
 */
export function carriesContentCredentials(bytes: Buffer, mimeType: string): boolean {
  if (mimeType === 'image/jpeg') {
    for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
      const marker = bytes[at + 1];
      if (marker === 0xda || marker === 0xd9) return false; // image data: no more header segments
      const length = bytes.readUInt16BE(at + 2);
      if (marker === 0xeb && bytes.subarray(at + 4, at + 2 + length).includes('c2pa', 0, 'latin1')) return true;
      at += 2 + length;
    }
    return false;
  }
  if (mimeType === 'image/png') {
    for (let at = 8; at + 8 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.subarray(at + 4, at + 8).toString('latin1');
      if (type === 'caBX') return true;
      if (type === 'IEND') return false;
      at += 12 + length;
    }
    return false;
  }
  if (mimeType === 'image/webp') {
    for (let at = 12; at + 8 <= bytes.length; ) {
      if (bytes.subarray(at, at + 4).toString('latin1') === 'C2PA') return true;
      const size = bytes.readUInt32LE(at + 4);
      at += 8 + size + (size % 2);
    }
    return false;
  }
  return false;
}
