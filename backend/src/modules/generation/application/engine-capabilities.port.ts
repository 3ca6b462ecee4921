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

export const ENGINE_CAPABILITIES = Symbol('ENGINE_CAPABILITIES');
