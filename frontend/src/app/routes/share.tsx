import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState } from 'react';
import { useAddLaughMutation, useHasLaughedQuery, useRemoveLaughMutation } from '../../features/community/api/community.api';
import { LaughButton } from '../../features/community/components/laugh-button';
import { useUserIdentifier } from '../../features/community/hooks/use-user-identifier';
import { SharePage } from '../../features/share/pages/share-page';
import type { SharedEdit } from '../../shared/api/shared-edit.api';

/**
 * The laugh control of a shared edit: the community feature's 😂 button and laugh calls with this
 * browser's identifier (000 §3), starting from the server's has-laughed answer and the page's
 * count. The count and the button change at once and go back if the request fails (DESIGN.md:
 * the count never jumps backwards except on a failed request; 000 §8: the failure is logged).
 */
export function ShareLaugh({ edit }: { edit: SharedEdit }) {
  const identifier = useUserIdentifier();
  const known = useHasLaughedQuery(identifier ? { id: edit.id, userIdentifier: identifier } : skipToken);
  const [addLaugh] = useAddLaughMutation();
  const [removeLaugh] = useRemoveLaughMutation();
  const [own, setOwn] = useState<{ laughCount: number; hasLaughed: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const laughed = own?.hasLaughed ?? known.data ?? false;
  const count = own?.laughCount ?? edit.laughCount;

  async function toggle() {
    if (busy.current || !identifier) return;
    busy.current = true;
    setPending(true);
    const before = { laughCount: count, hasLaughed: laughed };
    const wanted = !laughed;
    setOwn({ laughCount: Math.max(0, count + (wanted ? 1 : -1)), hasLaughed: wanted });
    try {
      const send = wanted ? addLaugh : removeLaugh;
      setOwn(await send({ id: edit.id, userIdentifier: identifier }).unwrap());
    } catch {
      setOwn(before);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return <LaughButton size="lg" count={count} laughed={laughed} pending={pending || !identifier} onToggle={() => void toggle()} />;
}

/**
 * /share/{id} (issue 15): the share feature's page with the community feature's laugh control.
 * Features never import each other (ARCHITECTURE rule 9); the page that needs both is put
 * together here.
 */
export function ShareRoute() {
  return <SharePage renderLaugh={(edit) => <ShareLaugh key={edit.id} edit={edit} />} />;
}
