import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { failureText } from '../../shared/api/error-text';
import { useAddLaughMutation, useRemoveLaughMutation } from '../../features/community/api/community.api';
import { LaughButton } from '../../features/community/components/laugh-button';
import { MyEditsPage, type LaughSlotProps } from '../../features/my-edits/pages/my-edits-page';
import { notifyError } from '../../shared/ui/notify';

/**
 * The laugh control of a My Edits card: the community feature's 😂 button and laugh calls, with
 * the signed-in user's id as the identifier (000 §3). It starts from the card's `hasLaughed` and
 * `laughCount`, changes them at once and puts them back if the request fails (001 §8 toasts).
 */
export function MyEditsLaugh({ image, setLaugh }: LaughSlotProps) {
  const { data: user } = useGetCurrentUserQuery();
  const [addLaugh] = useAddLaughMutation();
  const [removeLaugh] = useRemoveLaughMutation();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  async function toggle() {
    // 001 §3: the user id is the identifier (the page is only shown to a signed-in user).
    const userIdentifier = user?.id;
    if (busy.current || !userIdentifier) return;
    busy.current = true;
    setPending(true);
    const wanted = !image.hasLaughed;
    const undo = setLaugh({ laughCount: Math.max(0, image.laughCount + (wanted ? 1 : -1)), hasLaughed: wanted });
    try {
      const send = wanted ? addLaugh : removeLaugh;
      const result = await send({ id: image.id, userIdentifier }).unwrap();
      setLaugh(result);
      if (wanted) toast.success('Added laugh', { description: 'You laughed at this image!' });
    } catch (error) {
      undo();
      notifyError(wanted ? 'Error adding laugh' : 'Error removing laugh', {
        description: failureText(error, 'Please try again.'),
      });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return <LaughButton count={image.laughCount} laughed={image.hasLaughed} pending={pending} onToggle={() => void toggle()} />;
}

/**
 * /my-edits (001 §2): the my-edits feature's page with the community feature's laugh control on
 * each card. Features never import each other (ARCHITECTURE rule 9); the page that needs both is
 * put together here.
 */
export function MyEditsRoute() {
  return <MyEditsPage renderLaugh={(slot) => <MyEditsLaugh {...slot} />} />;
}
