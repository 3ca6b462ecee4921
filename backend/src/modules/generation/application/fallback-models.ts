import type { ImageModel } from './image-model.port';

/**
 * D11: the two Replicate models behind the fallback state (primary Flux Kontext Max, fallback
 * Flux Kontext Pro), each an ImageModel that runs one named model. Provided by ImageModelModule
 * from config; null when no Replicate token is configured (the local engine serves instead).
 */
export interface NamedImageModel extends ImageModel {
  /** owner/name, e.g. black-forest-labs/flux-kontext-max */
  readonly model: string;
}

export interface FallbackModels {
  primary: NamedImageModel;
  fallback: NamedImageModel;
}

export const FALLBACK_MODELS = Symbol('FALLBACK_MODELS');

/** A tiny picture (64x64 PNG: a sun over grass) for the recovery test and the admin's test run. */
export const PROBE_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAAAq1BMVEU6fTrUuV3pv0u+sHDdvFbwwkRbjMb1xUJajMhmkLzzw0JfjcNwlLS3rnfvw0SYo5HSuF5vk7Xdu1RcjMXRuF/XuVqEm6KQoJhnkLzXulvWuVu4rnVfjsKbo4+ao4/WuVzcu1fowE1gjsO9sHGOnprTuF2BmqW1rXfqwEqGm6GRoJfSuF9tk7aFnKK0rXmQn5jQt2DPt2BukreDmqOPn5llkL3Qt2Hbu1e+sHEZamO6AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA7UlEQVRYw+3VxxKCQBBFUZHQgJgBFRPmnOP/f5kbF5bF9BtqypVz930oYELBVaygAQ1o4A+AoG9GS9suRuagnh9oHkL66Nhy8gG7Bn1lxTmAcZcyKvdkgXZCmRmeHNC2SJDlyQDjhIQZJQmgS0wLDMTEtkJAs8EDqQOANYGuANgg4M4DAZon/8wCfQhQlQVMDExYoIOBIQsUMTBiARsDld8Cyq+g/BGfqr9xoLqQ6j5cylt+M4UIOIHd2ELAFACOxc8/0IHiXnhgjg/VMje/lziVe4Z4viZzrLue8DOkN7mrzZsJnp95tel0Ot27FxSSYjURuAa7AAAAAElFTkSuQmCC',
  'base64',
);

export const PROBE_PROMPT = 'make it black and white';
