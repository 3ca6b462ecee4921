/**
 * D42: signs one file with a C2PA manifest, in a worker thread (piscina; ADR 0031). c2pa-rs
 * (the Content Authenticity Initiative's library, as WebAssembly: @contentauth/c2pa-wasm) embeds
 * the manifest and the hash binding; the COSE signature is made here (cose.ts) with the key and
 * chain the pool was given. The package is ESM only: it is loaded with a real dynamic import.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import { workerData } from 'piscina';
import { chainDer } from './pem';
import { coseSign1, type SigningAlgorithm } from './cose';

export interface SignTask {
  bytes: Uint8Array;
  mimeType: string;
  /** The manifest definition (c2pa-rs Builder JSON). */
  manifest: string;
}

export interface SignerWorkerData {
  keyPem: string;
  chainPem: string;
  alg: SigningAlgorithm;
}

interface C2paWasm {
  initSync(options: { module: Buffer }): void;
  WasmBuilder: {
    fromJson(json: string): {
      sign(signer: { alg: string; reserveSize: number; sign(bytes: Uint8Array): Promise<Uint8Array> }, identity: unknown[], format: string, source: Blob): Promise<Uint8Array>;
      free(): void;
    };
  };
}

/**
 * c2pa-rs reads the asset through a browser-only FileReaderSync: here the "blob" carries its
 * bytes and the reader hands them over synchronously.
 */
class BytesBlob extends Blob {
  readonly content: Uint8Array;

  constructor(content: Uint8Array) {
    super([content as Uint8Array<ArrayBuffer>]);
    this.content = content;
  }

  override slice(start = 0, end = this.content.length): BytesBlob {
    return new BytesBlob(this.content.subarray(start, end));
  }
}

(globalThis as unknown as { FileReaderSync: unknown }).FileReaderSync = class {
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    const bytes = blob.content;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
};

const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<C2paWasm>;

const data = workerData as SignerWorkerData;
const key: KeyObject = createPrivateKey(data.keyPem);
const chain = chainDer(data.chainPem);
/** Room for the signature: the chain, the signature and headers, with margin. */
const RESERVE = chain.reduce((sum, c) => sum + c.length, 0) + 2048;

let loaded: Promise<C2paWasm> | undefined;
function c2pa(): Promise<C2paWasm> {
  return (loaded ??= importEsm('@contentauth/c2pa-wasm').then((mod) => {
    mod.initSync({ module: fs.readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
    return mod;
  }));
}

export default async function sign(task: SignTask): Promise<Uint8Array> {
  const { WasmBuilder } = await c2pa();
  const builder = WasmBuilder.fromJson(task.manifest);
  try {
    const signer = {
      alg: data.alg,
      reserveSize: RESERVE,
      sign: async (claim: Uint8Array) => new Uint8Array(coseSign1(claim, key, data.alg, chain, RESERVE)),
    };
    return await builder.sign(signer, [], task.mimeType, new BytesBlob(task.bytes));
  } finally {
    builder.free();
  }
}
