import { withXmp, xmpPacket } from './xmp';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import * as path from 'node:path';
import { Piscina } from 'piscina';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { typescriptWorkerOptions } from '../workers/typescript-worker';
import { pemOf } from './pem';
import { checkedCredentials, developmentCredentials, type SigningCredentials } from './signing-credentials';
import type { SignerWorkerData, SignTask } from './sign.worker';

/** D42: what the manifest of an edited image says. */
export interface EditProvenance {
  /** The model that made the edit: the manifest's software agent. */
  model: string;
  editedAt: Date;
  /** The uploaded photo the edit started from: the parent ingredient, by its hash only. */
  parent: { sha256: string; mimeType: string };
}

/** IPTC digital source type of an edit made with a trained model from a real photo (D42). */
export const AI_EDITED_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

export const CLAIM_GENERATOR = 'Magic Editor';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const WORKER = path.join(__dirname, `sign.worker${path.extname(__filename)}`);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = (require('../../../package.json') as { version: string }).version;

/**
 * D42 (ADR 0031): signs output files with a C2PA manifest: the action `c2pa.edited` with the IPTC
 * source type for AI edits, the model as software agent, Magic Editor and its version as the claim
 * generator, and the uploaded photo as the parent ingredient by its SHA-256 only (no thumbnail, no
 * metadata). Production signs with C2PA_SIGN_CERT / C2PA_SIGN_KEY; with zero configuration with a
 * development certificate made once into .data. The work runs in one worker thread.
 */
@Injectable()
export class ContentCredentialsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ContentCredentialsService.name);
  private pool: Promise<{ pool: Piscina<SignTask, Uint8Array>; credentials: SigningCredentials }> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** At start: the credentials loaded (or made) and the log line saying which ones sign. A bad configured pair stops the start. */
  async onApplicationBootstrap(): Promise<void> {
    await this.credentials();
  }

  /** Loads (or makes) the credentials and says which ones sign. */
  async credentials(): Promise<SigningCredentials> {
    return (await this.started()).credentials;
  }

  async sign(bytes: Buffer, mimeType: string, provenance: EditProvenance): Promise<Buffer> {
    const { pool } = await this.started();
    // The source type as XMP too, inside what the signature covers.
    const described = withXmp(bytes, mimeType, xmpPacket(AI_EDITED_SOURCE_TYPE));
    const signed = await pool.run({ bytes: described, mimeType, manifest: JSON.stringify(manifestOf(mimeType, provenance)) });
    return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
  }

  async onModuleDestroy(): Promise<void> {
    const started = await this.pool?.catch(() => undefined);
    await started?.pool.destroy();
  }

  private started(): Promise<{ pool: Piscina<SignTask, Uint8Array>; credentials: SigningCredentials }> {
    return (this.pool ??= this.start());
  }

  private async start(): Promise<{ pool: Piscina<SignTask, Uint8Array>; credentials: SigningCredentials }> {
    const configured = this.config.provenance.signer;
    const credentials = configured
      ? checkedCredentials(pemOf(configured.key), pemOf(configured.cert), false)
      : await developmentCredentials(this.config.provenance.developmentSignerFile);
    if (credentials.development) {
      this.logger.warn(`Outputs are signed with a DEVELOPMENT certificate (${this.config.provenance.developmentSignerFile}): set C2PA_SIGN_CERT and C2PA_SIGN_KEY for production`);
    } else {
      this.logger.log(`Outputs are signed with content credentials of ${credentials.subject} (${credentials.alg.toUpperCase()})`);
    }
    const workerData: SignerWorkerData = { keyPem: credentials.keyPem, chainPem: credentials.chainPem, alg: credentials.alg };
    const pool = new Piscina<SignTask, Uint8Array>({
      filename: WORKER,
      minThreads: 0,
      maxThreads: 1,
      // The first signature of a thread loads the 4 MB WebAssembly module (~0.4 s): a quiet
      // quarter of an hour, not a minute, before the thread goes.
      idleTimeout: 15 * 60_000,
      workerData,
      ...typescriptWorkerOptions(WORKER),
    });
    return { pool, credentials };
  }
}

/** The manifest definition (c2pa-rs Builder JSON) of one edited file. */
export function manifestOf(mimeType: string, provenance: EditProvenance): object {
  return {
    claim_generator_info: [{ name: CLAIM_GENERATOR, version: VERSION }],
    title: `magic-editor.${EXTENSIONS[mimeType] ?? 'img'}`,
    format: mimeType,
    ingredients: [
      {
        title: 'Uploaded photo',
        format: provenance.parent.mimeType,
        relationship: 'parentOf',
        label: 'uploaded-photo',
        instance_id: `sha256:${provenance.parent.sha256}`,
      },
    ],
    assertions: [
      {
        label: 'c2pa.actions.v2',
        data: {
          actions: [
            { action: 'c2pa.opened', parameters: { ingredientIds: ['uploaded-photo'] } },
            {
              action: 'c2pa.edited',
              digitalSourceType: AI_EDITED_SOURCE_TYPE,
              softwareAgent: { name: provenance.model },
              when: provenance.editedAt.toISOString(),
            },
          ],
        },
      },
    ],
  };
}
