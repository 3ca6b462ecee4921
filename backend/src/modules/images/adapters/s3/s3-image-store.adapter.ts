import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ImageStore, Placement } from '../../application/image-store.port';
import type { S3Settings } from '../../images.config';

/** Objects deleted at once when a prefix goes (an image has a handful). */
const DELETE_PARALLEL = 8;

/**
 * An S3-compatible object store (ADR 0023) through the official AWS SDK v3: AWS S3, MinIO,
 * Cloudflare R2 and other stores speaking the S3 API. Only the plain object calls are used (put,
 * get, copy, list, delete one), and checksums are sent only where the API requires them, so stores that
 * do not know the SDK's newer checksum headers work too.
 */
export class S3ImageStore implements ImageStore {
  readonly holdsObjects = true;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async place(key: string, bytes: Buffer, contentType: string): Promise<Placement> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    return { bytes: null, key };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<boolean> {
    try {
      // The source is `bucket/key`, URL-encoded segment by segment (the slashes stay).
      const source = [this.settings.bucket, ...from.split('/')].map(encodeURIComponent).join('/');
      await this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, Key: to, CopySource: source }));
      return true;
    } catch (error) {
      // Only a missing source object (a missing bucket is an error like any other).
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key).filter((k): k is string => typeof k === 'string'));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_PARALLEL) {
      await Promise.all(keys.slice(i, i + DELETE_PARALLEL).map((key) => this.deleteOne(key)));
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    await this.delete(keys);
    return keys.length;
  }

  publicUrl(key: string): string | null {
    return this.settings.publicBaseUrl ? `${this.settings.publicBaseUrl}/${key.split('/').map(encodeURIComponent).join('/')}` : null;
  }

  /** Closes the client's sockets (Nest calls it at shutdown; the commands call it when done). */
  onModuleDestroy(): void {
    this.client.destroy();
  }

  private async deleteOne(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound'));
}
