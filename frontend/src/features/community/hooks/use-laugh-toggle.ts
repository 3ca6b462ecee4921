import { useRef, useState } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { getUserIdentifier } from '../../../shared/lib/user-identifier';
import { useAddLaughMutation, useRemoveLaughMutation } from '../api/community.api';
import { laughMemory } from '../lib/laugh-memory';

export interface LaughToggle {
  laughed: boolean;
  /** A request for this image is on its way; further clicks wait for it. */
  pending: boolean;
  toggle: () => void;
}

/**
 * The optimistic laugh toggle of the editor's community list and the leaderboard (000 §4): the
 * button and the count change at once (the count in the cache, see community.api.ts) and go
 * back if the request fails. The starting state is what the laugh memory holds, else
 * "not laughed". `refresh`: refetch the leaderboard and the recent feed after success.
 */
export function useLaughToggle(imageId: string, { refresh = false }: { refresh?: boolean } = {}): LaughToggle {
  const { data: user } = useGetCurrentUserQuery();
  const [laughed, setLaughed] = useState(() => laughMemory.get(imageId) ?? false);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const [addLaugh] = useAddLaughMutation();
  const [removeLaugh] = useRemoveLaughMutation();

  async function run(wanted: boolean, identifier: string) {
    busy.current = true;
    setPending(true);
    setLaughed(wanted);
    try {
      const send = wanted ? addLaugh : removeLaugh;
      const result = await send({ id: imageId, userIdentifier: identifier, optimistic: true, refresh }).unwrap();
      setLaughed(result.hasLaughed);
    } catch {
      // Logged by the mutation (000 §8); the count was put back there.
      setLaughed(!wanted);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return {
    laughed,
    pending,
    toggle() {
      if (busy.current) return;
      void run(!laughed, getUserIdentifier(Boolean(user)));
    },
  };
}
