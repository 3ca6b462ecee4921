import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useHasLaughedQuery, type LaughResult } from '../../features/community/api/community.api';
import { LaughButton } from '../../features/community/components/laugh-button';
import { useOptimisticLaugh } from '../../features/community/hooks/use-laugh-toggle';
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
  const [own, setOwn] = useState<LaughResult | null>(null);
  const shown = { laughCount: own?.laughCount ?? edit.laughCount, hasLaughed: own?.hasLaughed ?? known.data ?? false };
  const { pending, toggle } = useOptimisticLaugh({ imageId: edit.id, shown, show: setOwn, identifier: () => identifier });

  return (
    <LaughButton size="lg" count={shown.laughCount} laughed={shown.hasLaughed} pending={pending || !identifier} onToggle={toggle} />
  );
}

/**
 * /share/{id} (issue 15): the share feature's page with the community feature's laugh control.
 * Features never import each other (ARCHITECTURE rule 9); the page that needs both is put
 * together here.
 */
export function ShareRoute() {
  return <SharePage renderLaugh={(edit) => <ShareLaugh key={edit.id} edit={edit} />} />;
}
