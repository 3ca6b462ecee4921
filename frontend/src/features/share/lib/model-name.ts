/**
 * D42: the share page's Content Credentials section names the model that made the edit (its
 * content credentials' software agent, GET /api/images/{id}/share `model`) by a friendly name.
 */
export const MODEL_NAMES: ReadonlyMap<string, string> = new Map([
  ['black-forest-labs/flux-kontext-max', 'FLUX.1 Kontext [max] (Black Forest Labs)'],
  ['black-forest-labs/flux-kontext-pro', 'FLUX.1 Kontext [pro] (Black Forest Labs)'],
  ['black-forest-labs/flux-2-pro', 'FLUX.2 [pro] (Black Forest Labs)'],
  ['google/nano-banana', 'Nano Banana (Google)'],
  ['local-engine', "Magic Editor's on-device engine"],
]);

/** The friendly name of a model id; an unknown id is shown as it is; null (no model named) stays null. */
export function modelName(model: string | null): string | null {
  return model === null ? null : (MODEL_NAMES.get(model) ?? model);
}
