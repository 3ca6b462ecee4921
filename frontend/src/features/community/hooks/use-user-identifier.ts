import { useMemo } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { getUserIdentifier } from '../../../shared/lib/user-identifier';

/**
 * The laughing identifier (000 §3 `userIdentifier`), once it is known whether someone is signed
 * in (so that a first-time identifier gets the right prefix); null until then.
 */
export function useUserIdentifier(): string | null {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const signedIn = Boolean(user);
  return useMemo(() => (isLoading ? null : getUserIdentifier(signedIn)), [isLoading, signedIn]);
}
