import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { failureText } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import { useSuspendUserMutation, type AdminUser } from '../api/admin.api';

/**
 * 001 §4 "User: active <-> suspended via the toggle (sent as suspended true/false)" with the
 * 001 §8 toasts. A user's toggle does nothing while its own request is running.
 */
export function useSuspendToggle(onChanged?: (user: AdminUser) => void) {
  const [suspendUser] = useSuspendUserMutation();
  const running = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  function mark(userId: string, on: boolean) {
    if (on) running.current.add(userId);
    else running.current.delete(userId);
    setPending(new Set(running.current));
  }

  async function toggle(user: AdminUser) {
    if (running.current.has(user.id)) return;
    mark(user.id, true);
    const suspended = !user.isSuspended;
    try {
      const updated = await suspendUser({ userId: user.id, suspended }).unwrap();
      toast.success('User status updated successfully', {
        description: `${updated.email || user.email} is now ${updated.isSuspended ? 'suspended' : 'active'}.`,
      });
      onChanged?.(updated);
    } catch (error) {
      notifyError('Failed to update user status', { description: failureText(error, 'Please try again.') });
    } finally {
      mark(user.id, false);
    }
  }

  return { toggle, isPending: (userId: string) => pending.has(userId) };
}
