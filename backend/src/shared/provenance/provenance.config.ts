import * as path from 'node:path';
import { z } from 'zod';
import { bool, type EnvOf } from '../../config/env-types';

/** D42: content credentials. Both or neither of the certificate and key; each a PEM or a file path. */
export const provenanceEnv = {
  C2PA_SIGN_CERT: z.string().min(1).optional(),
  C2PA_SIGN_KEY: z.string().min(1).optional(),
  // Production signs with a real certificate; this lets it start with the development one.
  C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: bool.optional(),
};

type ProvenanceEnv = EnvOf<typeof provenanceEnv> & { NODE_ENV: string };

export function checkProvenanceEnv(env: ProvenanceEnv, ctx: z.RefinementCtx): void {
  if (Boolean(env.C2PA_SIGN_CERT) !== Boolean(env.C2PA_SIGN_KEY)) {
    ctx.addIssue({ code: 'custom', path: [env.C2PA_SIGN_CERT ? 'C2PA_SIGN_KEY' : 'C2PA_SIGN_CERT'], message: 'C2PA_SIGN_CERT and C2PA_SIGN_KEY go together' });
  }
  if (!env.C2PA_SIGN_CERT && env.NODE_ENV === 'production' && !env.C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION) {
    ctx.addIssue({
      code: 'custom',
      path: ['C2PA_SIGN_CERT'],
      message:
        'is required when NODE_ENV=production (with C2PA_SIGN_KEY), or set C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION=true to sign outputs with a development certificate nobody trusts',
    });
  }
}

export function provenanceConfig(env: EnvOf<typeof provenanceEnv>, repoRoot: string) {
  return {
    provenance: {
      /** Production signer (PEM text or file path each); undefined: the development signer. */
      signer: env.C2PA_SIGN_CERT && env.C2PA_SIGN_KEY ? { cert: env.C2PA_SIGN_CERT, key: env.C2PA_SIGN_KEY } : undefined,
      /** Where the development CA and signer are made once (key and chain in one PEM). */
      developmentSignerFile: path.join(repoRoot, '.data', 'c2pa-development-signer.pem'),
    },
  };
}
