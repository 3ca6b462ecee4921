import type { EngineCapabilities } from '../../application/engine-capabilities.port';
import { canDoLocally, LOCAL_ENGINE_CAPABILITIES } from './local-engine/edit-intents';

/** The local sharp engine: the documented intents of edit-intents.ts, nothing it only half does. */
export const LOCAL_ENGINE_CAPABILITIES_SET: EngineCapabilities = {
  engine: 'local',
  canDo: (prompt, style) => canDoLocally(prompt, style),
  capabilities: LOCAL_ENGINE_CAPABILITIES,
};

/** The AI models of the chain (Replicate): they read any prompt. */
export const AI_MODEL_CAPABILITIES: EngineCapabilities = {
  engine: 'replicate',
  canDo: () => true,
  capabilities: null,
};
