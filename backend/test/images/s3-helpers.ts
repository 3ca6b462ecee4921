import { CopyObjectCommand, CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
// s3rver: an S3-compatible server (the S3 REST API over HTTP, files on disk) run in the test process.
import S3rver from 's3rver';

export const BUCKET = 'magic-editor-test';

export interface S3TestServer {
  endpoint: string;
  /** The app's environment for this server (ADR 0023). */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** Every key of the image, under any prefix it may have (issue 24: public/, private/, legacy images/). */
  imageKeys(imageId: string): Promise<string[]>;
  object(key: string): Promise<Buffer>;
  /** The object's bytes; null when there is none. */
  objectOrNull(key: string): Promise<Buffer | null>;
  copy(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A real S3-compatible server on a free port with one empty bucket, spoken to with the official SDK. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const bucket: S3TestServer = {
    endpoint,
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async imageKeys(imageId) {
      const keys = await Promise.all([`public/images/${imageId}/`, `private/images/${imageId}/`, `images/${imageId}/`].map((p) => bucket.keys(p)));
      return keys.flat().sort();
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async objectOrNull(key) {
      try {
        return await bucket.object(key);
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async copy(from, to) {
      await client.send(new CopyObjectCommand({ Bucket: BUCKET, Key: to, CopySource: `${BUCKET}/${from}` }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return bucket;
}

export interface PublicBase {
  /** What S3_PUBLIC_BASE_URL is set to. */
  url: string;
  /** GET `<url>/<key>` as anyone on the internet: the status and, when 200, the bytes. */
  fetch(key: string): Promise<{ status: number; bytes: Buffer | null }>;
  close(): Promise<void>;
}

/**
 * The public base in front of the bucket (a CDN, or the bucket's own public address) as the
 * bucket policy of docs/deploy.md makes it (issue 24): anyone may GET an object whose key is under
 * `public/`; anything else is refused (403, as S3 answers an anonymous request it does not allow,
 * a missing key included). Served from the s3rver bucket.
 */
export async function startPublicBase(s3: S3TestServer): Promise<PublicBase> {
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '/').split('?')[0].slice(1));
    const refuse = () => res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !key.startsWith('public/') || key.split('/').includes('..')) return refuse();
    s3.objectOrNull(key).then(
      (bytes) => (bytes ? res.writeHead(200, { 'Content-Length': bytes.length }).end(req.method === 'GET' ? bytes : undefined) : refuse()),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async fetch(key) {
      const res = await fetch(`${url}/${key}`);
      return { status: res.status, bytes: res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
