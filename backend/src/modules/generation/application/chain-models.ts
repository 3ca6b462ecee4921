import type { ImageModel } from './image-model.port';

/** One model of the chain: an ImageModel that runs one named model. */
export interface NamedImageModel extends ImageModel {
  /** owner/name (e.g. black-forest-labs/flux-kontext-max) or local-engine */
  readonly model: string;
}

/**
 * D41: the configured chain, built by ImageModelModule from config: every model of MODEL_CHAIN
 * in its order (with zero configuration the local engine alone).
 */
export interface ChainModels {
  /** D10: 'replicate' when the chain holds a Replicate model (a token is set), else 'local'. */
  engine: 'replicate' | 'local';
  /** MODEL_CHAIN's order. */
  configured: readonly string[];
  byId: ReadonlyMap<string, NamedImageModel>;
}

export const CHAIN_MODELS = Symbol('CHAIN_MODELS');

/** A tiny picture (64x64 PNG: a sun over grass) for the recovery test and the admin's test run. */
export const PROBE_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAAAq1BMVEU6fTrUuV3pv0u+sHDdvFbwwkRbjMb1xUJajMhmkLzzw0JfjcNwlLS3rnfvw0SYo5HSuF5vk7Xdu1RcjMXRuF/XuVqEm6KQoJhnkLzXulvWuVu4rnVfjsKbo4+ao4/WuVzcu1fowE1gjsO9sHGOnprTuF2BmqW1rXfqwEqGm6GRoJfSuF9tk7aFnKK0rXmQn5jQt2DPt2BukreDmqOPn5llkL3Qt2Hbu1e+sHEZamO6AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA7UlEQVRYw+3VxxKCQBBFUZHQgJgBFRPmnOP/f5kbF5bF9BtqypVz930oYELBVaygAQ1o4A+AoG9GS9suRuagnh9oHkL66Nhy8gG7Bn1lxTmAcZcyKvdkgXZCmRmeHNC2SJDlyQDjhIQZJQmgS0wLDMTEtkJAs8EDqQOANYGuANgg4M4DAZon/8wCfQhQlQVMDExYoIOBIQsUMTBiARsDld8Cyq+g/BGfqr9xoLqQ6j5cylt+M4UIOIHd2ELAFACOxc8/0IHiXnhgjg/VMje/lziVe4Z4viZzrLue8DOkN7mrzZsJnp95tel0Ot27FxSSYjURuAa7AAAAAElFTkSuQmCC',
  'base64',
);

export const PROBE_PROMPT = 'make it black and white';
