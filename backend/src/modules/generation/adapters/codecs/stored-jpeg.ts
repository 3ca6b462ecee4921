/**
 * Issue 29 (ADR 0038): how every JPEG the generation pipeline writes is encoded (the local
 * engine's output, a watermarked file and its watermark-free master, a re-encoded upload, a
 * region-mask composite): quality 90, 4:2:0 chroma, and the standard Huffman tables. sharp's
 * default computes optimal tables in a second pass over the coefficients; on a 12-megapixel photo
 * that pass is two thirds of the encode (~190 ms → ~65 ms here) for files ~2-5 % smaller, and the
 * encode is on the path a user waits on.
 */
export const STORED_JPEG = { quality: 90, chromaSubsampling: '4:2:0', optimiseCoding: false } as const;
