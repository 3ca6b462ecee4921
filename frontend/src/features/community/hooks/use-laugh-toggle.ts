import { useRef, useState } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { getUserIdentifier } from '../../../shared/lib/user-identifier';
import { useAddLaughMutation, useRemoveLaughMutation, type LaughResult } from '../api/community.api';
import { laughMemory } from '../lib/laugh-memory';

export interface OptimisticLaughOptions {
  imageId: string;
  /** What the button shows now: the count and whether this visitor laughed. */
  shown: LaughResult;
  /** Shows a laugh state wherever the place keeps it (its own state, or a cache). */
  show: (laugh: LaughResult) => void;
  /** Who laughs (000 §3 `userIdentifier`), read at the click; a click before it is known does nothing. */
  identifier: () => string | null | undefined;
  /** Passed to the laugh request: see `LaughArgs` in community.api.ts. */
  optimistic?: boolean;
  refresh?: boolean;
  onSuccess?: (wanted: boolean) => void;
  /** 000 §8: the request logs a failure itself; this is for a place that also says so. */
  onFailure?: (error: unknown, wanted: boolean) => void;
}

export interface LaughToggle {
  /** A request for this image is on its way; further clicks wait for it. */
  pending: boolean;
  toggle: () => void;
}

/**
 * The optimistic laugh toggle (000 §4, DESIGN.md): one request at a time; the button and the
 * count change at once (count ±1, never below 0), become the server's answer on success and go
 * back to what they were if the request fails, so the count never jumps backwards otherwise.
 */
export function useOptimisticLaugh({
  imageId,
  shown,
  show,
  identifier,
  optimistic,
  refresh,
  onSuccess,
  onFailure,
}: OptimisticLaughOptions): LaughToggle {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const [addLaugh] = useAddLaughMutation();
  const [removeLaugh] = useRemoveLaughMutation();

  async function run(userIdentifier: string) {
    busy.current = true;
    setPending(true);
    const before = shown;
    const wanted = !before.hasLaughed;
    show({ laughCount: Math.max(0, before.laughCount + (wanted ? 1 : -1)), hasLaughed: wanted });
    try {
      const send = wanted ? addLaugh : removeLaugh;
      show(await send({ id: imageId, userIdentifier, optimistic, refresh }).unwrap());
      onSuccess?.(wanted);
    } catch (error) {
      show(before);
      onFailure?.(error, wanted);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return {
    pending,
    toggle() {
      if (busy.current) return;
      const userIdentifier = identifier();
      if (userIdentifier) void run(userIdentifier);
    },
  };
}

/**
 * The laugh toggle of the editor's community list and the leaderboard (000 §4). The starting
 * state is what the laugh memory holds, else "not laughed". The count is the cached lists': the
 * request changes it at once and puts it back on failure (`optimistic`, see community.api.ts).
 * `refresh`: refetch the leaderboard and the recent feed after success.
 */
export function useLaughToggle(
  entry: { id: string; laughCount: number },
  { refresh = false }: { refresh?: boolean } = {},
): LaughToggle & { laughed: boolean } {
  const { data: user } = useGetCurrentUserQuery();
  const [laughed, setLaughed] = useState(() => laughMemory.get(entry.id) ?? false);
  const toggle = useOptimisticLaugh({
    imageId: entry.id,
    shown: { laughCount: entry.laughCount, hasLaughed: laughed },
    show: (laugh) => setLaughed(laugh.hasLaughed),
    identifier: () => getUserIdentifier(Boolean(user)),
    optimistic: true,
    refresh,
  });
  return { laughed, ...toggle };
}
