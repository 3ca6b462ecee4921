import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';

/** One PEM block: its label and the whole block. */
export const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

/** A PEM setting is the PEM itself or the path of a file holding it. */
export function pemOf(setting: string): string {
  return setting.trimStart().startsWith('-----BEGIN') ? setting : fs.readFileSync(setting, 'utf8');
}

/** The certificates of a PEM chain, in order. */
export function certificatesOf(chainPem: string): X509Certificate[] {
  return [...chainPem.matchAll(PEM_BLOCK)].filter((m) => m[1] === 'CERTIFICATE').map((m) => new X509Certificate(m[0]));
}

/** The DER of each certificate in a PEM chain, in order. */
export function chainDer(chainPem: string): Buffer[] {
  return certificatesOf(chainPem).map((c) => c.raw);
}
