import { createPrivateKey, webcrypto } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as x509 from '@peculiar/x509';
import type { SigningAlgorithm } from './cose';
import { certificatesOf, PEM_BLOCK } from './pem';

/** The certificate chain (signer first, DER) and private key outputs are signed with (D42). */
export interface SigningCredentials {
  /** PEM of the private key (PKCS#8). */
  keyPem: string;
  /** PEM of the chain, signer first. */
  chainPem: string;
  alg: SigningAlgorithm;
  /** The signer's subject, for the start log. */
  subject: string;
  /** Made by us for development (zero configuration). */
  development: boolean;
}

/**
 * Checks a configured key and chain belong together and says how they sign: ES256 (EC P-256) or
 * PS256 (RSA), the two D42 allows. Throws with the reason otherwise.
 */
export function checkedCredentials(keyPem: string, chainPem: string, development: boolean): SigningCredentials {
  const key = createPrivateKey(keyPem);
  const certs = certificatesOf(chainPem);
  if (certs.length === 0) throw new Error('C2PA_SIGN_CERT holds no certificate');
  const [signer] = certs;
  if (!signer.checkPrivateKey(key)) throw new Error('C2PA_SIGN_KEY is not the key of the first certificate of C2PA_SIGN_CERT');
  const type = key.asymmetricKeyType;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const alg: SigningAlgorithm | null = type === 'ec' && curve === 'prime256v1' ? 'es256' : type === 'rsa' || type === 'rsa-pss' ? 'ps256' : null;
  if (!alg) throw new Error(`C2PA_SIGN_KEY must be an EC P-256 (ES256) or RSA (PS256) key, not ${type}${curve ? ` ${curve}` : ''}`);
  return { keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(), chainPem, alg, subject: signer.subject.replace(/\n/g, ', '), development };
}

const DEV_SUBJECT = 'CN=Magic Editor development signer, O=Magic Editor (development, not trusted)';
const DEV_CA_SUBJECT = 'CN=Magic Editor development CA, O=Magic Editor (development, not trusted)';

/**
 * Zero configuration (D42): a development CA and an ES256 signing certificate it issued, made once
 * into `file` (key and chain in one PEM, written to a temporary file and renamed, so instances
 * starting together never read a key of one pair with the certificate of another).
 */
export async function developmentCredentials(file: string): Promise<SigningCredentials> {
  if (!fs.existsSync(file)) {
    const pem = await makeDevelopmentPem();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, pem, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file); // fails if another process made it first: theirs is kept
    } catch {
      // made meanwhile by another instance
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const pem = fs.readFileSync(file, 'utf8');
  const key = [...pem.matchAll(PEM_BLOCK)].find((m) => m[1] === 'PRIVATE KEY')?.[0];
  if (!key) throw new Error(`${file} holds no private key: delete it to make a new development certificate`);
  const chain = [...pem.matchAll(PEM_BLOCK)].filter((m) => m[1] === 'CERTIFICATE').map((m) => m[0]).join('\n');
  return checkedCredentials(key, chain, true);
}

async function makeDevelopmentPem(): Promise<string> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const subtle = webcrypto.subtle;
  const caKeys = (await subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const signerKeys = (await subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notBefore = new Date(Date.now() - 24 * 3600_000);
  const notAfter = new Date(Date.now() + 2 * 365 * 24 * 3600_000);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: DEV_CA_SUBJECT,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: DEV_SUBJECT,
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: signerKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      // C2PA 2.1 §14.5.1: a signing certificate's EKU includes e-mail protection or document signing.
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const key = Buffer.from(await subtle.exportKey('pkcs8', signerKeys.privateKey)).toString('base64');
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${key.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
  return `${keyPem}${signer.toString('pem')}\n${ca.toString('pem')}\n`;
}

function randomSerial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1');
}
