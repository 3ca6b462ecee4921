/**
 * 000 §4 "Laugh toggle": the laugh state per image is remembered in memory for 30 seconds. A
 * card that (re)appears within that time shows what this browser last did to the image; after
 * it, the state is unknown again (the landing card then asks has-laughed, lists show "not
 * laughed"). Module state: one memory per page view, shared by every community screen.
 */
export const LAUGH_MEMORY_MS = 30_000;

export interface LaughMemory {
  /** true/false while remembered, undefined when never set or older than the memory time. */
  get(imageId: string): boolean | undefined;
  remember(imageId: string, laughed: boolean): void;
  forget(imageId: string): void;
  clear(): void;
}

export function createLaughMemory(ttlMs = LAUGH_MEMORY_MS, now: () => number = () => Date.now()): LaughMemory {
  const entries = new Map<string, { laughed: boolean; at: number }>();
  return {
    get(imageId) {
      const entry = entries.get(imageId);
      if (!entry) return undefined;
      if (now() - entry.at >= ttlMs) {
        entries.delete(imageId);
        return undefined;
      }
      return entry.laughed;
    },
    remember(imageId, laughed) {
      entries.set(imageId, { laughed, at: now() });
    },
    forget(imageId) {
      entries.delete(imageId);
    },
    clear() {
      entries.clear();
    },
  };
}

export const laughMemory: LaughMemory = createLaughMemory();
