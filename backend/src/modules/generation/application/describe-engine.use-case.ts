import { Inject, Injectable } from '@nestjs/common';
import { PROMPT_SUGGESTIONS } from '../domain/shared-with-client/prompt-suggestions';
import { ENGINE_CAPABILITIES, type EngineCapabilities, type EngineCapability, type EngineKind } from './engine-capabilities.port';

/** One of the editor's 12 chips (000 §2) and whether the active engine does what it says. */
export interface SuggestionSupport {
  prompt: string;
  supported: boolean;
}

/** The answer of GET /api/generation/capabilities. */
export interface EngineDescription {
  engine: EngineKind;
  /** The 12 chips in the spec's order; the editor puts the unsupported ones last and marks them. */
  suggestions: SuggestionSupport[];
  /** What the local engine understands (the editor's "what works locally" list); null with the AI model. */
  capabilities: EngineCapability[] | null;
}

/**
 * Issue 15: tells the editor (and anyone else: it is public, the same for everyone) which engine
 * is active and what it can do, so the chips and prompts promise only what it does. The engine is
 * chosen at start and the chips are fixed: the answer is worked out on the first request, not on
 * every one.
 */
@Injectable()
export class DescribeEngineUseCase {
  private description: EngineDescription | undefined;

  constructor(@Inject(ENGINE_CAPABILITIES) private readonly engine: EngineCapabilities) {}

  execute(): EngineDescription {
    return (this.description ??= {
      engine: this.engine.engine,
      suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: this.engine.canDo(prompt, 'realistic') })),
      capabilities: this.engine.capabilities ? this.engine.capabilities.map((c) => ({ name: c.name, example: c.example })) : null,
    });
  }
}
