import { z } from 'zod';
import { bool, type EnvOf, httpUrl } from '../../config/env-types';

/** The images context's environment (issue 14, ADR 0023: where image bytes are stored). */
export const imagesEnv = {
  // An S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …) when a bucket is set; else the
  // bytes stay in PostgreSQL (bytea), the zero-config default.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  // Another endpoint than AWS (MinIO: http://minio:9000, R2: https://<account>.r2.cloudflarestorage.com).
  S3_ENDPOINT: httpUrl.optional(),
  // AWS region; R2 takes "auto". MinIO accepts any.
  S3_REGION: z.string().min(1).default('us-east-1'),
  // Credentials; unset → the AWS SDK's default chain (environment, instance role, …).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Path-style addresses (endpoint/bucket/key), as MinIO and most self-hosted stores need.
  // Default: on when S3_ENDPOINT is set, off for AWS.
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Optional public base URL (a CDN in front of the bucket): the full files of public, visible
  // images are then answered with a redirect to <base>/<key>. It must publish only the bucket's
  // public/ prefix (issue 24, docs/deploy.md). Leave unset to serve every byte through the app.
  S3_PUBLIC_BASE_URL: httpUrl.optional(),
};

type ImagesEnv = EnvOf<typeof imagesEnv>;

export function checkImagesEnv(env: ImagesEnv, ctx: z.RefinementCtx): void {
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together' });
  }
  if (!env.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_BASE_URL'] as const) {
      if (env[name] !== undefined) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set` });
    }
  }
}

/** How the S3 adapter reaches its bucket. */
export interface S3Settings {
  bucket: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Without a trailing slash. */
  publicBaseUrl: string | null;
}

/** The start-up log line naming the store in use. */
export function describeImageStore(s3: S3Settings | null): string {
  if (!s3) return 'Image storage: PostgreSQL (bytea; set S3_BUCKET for an object store)';
  const where = s3.endpoint ? `${s3.endpoint} (${s3.forcePathStyle ? 'path-style' : 'virtual-hosted'})` : `AWS ${s3.region}`;
  return `Image storage: S3 bucket ${s3.bucket} at ${where}${s3.publicBaseUrl ? `, public images from ${s3.publicBaseUrl}` : ''}`;
}

export function imagesConfig(env: ImagesEnv) {
  const s3: S3Settings | null = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT ?? null,
        region: env.S3_REGION,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : null,
        forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
        publicBaseUrl: env.S3_PUBLIC_BASE_URL ? env.S3_PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
      }
    : null;
  return {
    images: {
      /** null → bytes in PostgreSQL (the zero-config default). */
      s3,
    },
  };
}
