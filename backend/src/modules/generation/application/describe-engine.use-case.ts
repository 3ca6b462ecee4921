import { Inject, Injectable } from '@nestjs/common';
import { PROMPT_SUGGESTIONS } from '../domain/shared-with-client/prompt-suggestions';
import { type ActiveEngine, ENGINE_CAPABILITIES, type EngineCapabilities, type EngineCapability, type EngineKind } from './engine-capabilities.port';

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
 * the one serving now (D41: the local engine when it stands last in the chain and serves); the
 * chips are fixed: each engine's answer is worked out once, not on every request.
 */
@Injectable()
export class DescribeEngineUseCase {
  private readonly descriptions = new Map<EngineCapabilities, EngineDescription>();

  constructor(@Inject(ENGINE_CAPABILITIES) private readonly active: ActiveEngine) {}

  async execute(): Promise<EngineDescription> {
    const engine = await this.active.current();
    let description = this.descriptions.get(engine);
    if (!description) {
      description = {
        engine: engine.engine,
        suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: engine.canDo(prompt, 'realistic') })),
        capabilities: engine.capabilities ? engine.capabilities.map((c) => ({ name: c.name, example: c.example })) : null,
      };
      this.descriptions.set(engine, description);
    }
    return description;
  }
}
