import { ConfigError, loadConfig } from '../../config/app-config';

const S3 = { S3_BUCKET: 'magic-images', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret' };

describe('images config (ADR 0023)', () => {
  it('keeps the bytes in PostgreSQL when no bucket is set', () => {
    expect(loadConfig({}).images.s3).toBeNull();
  });

  it('reads an S3-compatible store, path-style by default with an endpoint, the CDN base without its trailing slash', () => {
    expect(loadConfig({ ...S3, S3_PUBLIC_BASE_URL: 'https://cdn.example.com/img/' }).images.s3).toEqual({
      bucket: 'magic-images',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com/img',
    });
    expect(loadConfig({ S3_BUCKET: 'magic-images', S3_REGION: 'eu-west-1' }).images.s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('names what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ S3_BUCKET: 'Bad_Bucket' })[0]).toMatch(/^S3_BUCKET: expected a bucket name/);
    expect(problems({ S3_BUCKET: 'magic-images', S3_ACCESS_KEY_ID: 'x' })).toEqual(['S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together']);
    expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toEqual(['S3_BUCKET: is required when S3_ENDPOINT is set']);
  });
});
