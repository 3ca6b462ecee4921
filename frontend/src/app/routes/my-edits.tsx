import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { failureText } from '../../shared/api/error-text';
import { LaughButton } from '../../features/community/components/laugh-button';
import { useOptimisticLaugh } from '../../features/community/hooks/use-laugh-toggle';
import { MyEditsPage, type LaughSlotProps } from '../../features/my-edits/pages/my-edits-page';
import { notifyError } from '../../shared/ui/notify';

/**
 * The laugh control of a My Edits card: the community feature's 😂 button and laugh calls, with
 * the signed-in user's id as the identifier (000 §3). It starts from the card's `hasLaughed` and
 * `laughCount`, changes them at once and puts them back if the request fails (001 §8 toasts).
 */
export function MyEditsLaugh({ image, setLaugh }: LaughSlotProps) {
  const { data: user } = useGetCurrentUserQuery();
  const { pending, toggle } = useOptimisticLaugh({
    imageId: image.id,
    shown: image,
    show: setLaugh,
    // 001 §3: the user id is the identifier (the page is only shown to a signed-in user).
    identifier: () => user?.id,
    onSuccess: (wanted) => {
      if (wanted) toast.success('Added laugh', { description: 'You laughed at this image!' });
    },
    onFailure: (error, wanted) =>
      notifyError(wanted ? 'Error adding laugh' : 'Error removing laugh', { description: failureText(error, 'Please try again.') }),
  });

  return <LaughButton count={image.laughCount} laughed={image.hasLaughed} pending={pending} onToggle={toggle} />;
}

/**
 * /my-edits (001 §2): the my-edits feature's page with the community feature's laugh control on
 * each card. Features never import each other (ARCHITECTURE rule 9); the page that needs both is
 * put together here.
 */
export function MyEditsRoute() {
  return <MyEditsPage renderLaugh={(slot) => <MyEditsLaugh {...slot} />} />;
}
