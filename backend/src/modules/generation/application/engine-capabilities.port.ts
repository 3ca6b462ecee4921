import type { ImageStyle } from './image-model.port';

/** Which engine edits the photos: Replicate's AI model (D10), or the local sharp engine without a token. */
export type EngineKind = 'replicate' | 'local';

/** One thing the local engine can do, in people's words, with a prompt that shows it. */
export interface EngineCapability {
  name: string;
  example: string;
}

/**
 * Issue 15 ("local mode tells the truth"): what the active engine can do, so the editor offers
 * what works and marks what needs the AI model. Provided next to IMAGE_MODEL, by the same choice.
 */
export interface EngineCapabilities {
  readonly engine: EngineKind;
  /** Whether the engine does all that the prompt asks (the AI model: any prompt). */
  canDo(prompt: string, style: ImageStyle): boolean;
  /** The local engine's list of what it understands; null for the AI model (it reads any prompt). */
  readonly capabilities: readonly EngineCapability[] | null;
}

/**
 * D41: which engine's capabilities hold now. A chain of AI models, or the local engine alone, is
 * one answer for good; a chain with the local engine last (a degraded mode) answers the local
 * engine's while every AI model of it is skipped or disabled, so the editor never promises what
 * the engine serving now cannot do.
 */
export interface ActiveEngine {
  current(): Promise<EngineCapabilities>;
}

export const ENGINE_CAPABILITIES = Symbol('ENGINE_CAPABILITIES');
