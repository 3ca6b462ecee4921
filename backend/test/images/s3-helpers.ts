import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import * as fs from 'node:fs';
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
  object(key: string): Promise<Buffer>;
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
  return {
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
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
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
}
