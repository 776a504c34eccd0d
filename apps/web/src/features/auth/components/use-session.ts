import { useSyncExternalStore } from 'react';
import { currentUserId, isLoggedIn, sessionVersion, subscribeSession } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';

/** Re-renders when the session starts or ends; reads the cookies on every render (they are the source of truth). */
export function useSession() {
  useSyncExternalStore(subscribeSession, sessionVersion, () => 0);
  const loggedIn = isLoggedIn() || (!!currentUserId() && localStorage.getItem(storageKeys.isLoggedIn) === 'true');
  return {
    loggedIn,
    userId: loggedIn ? currentUserId() : null,
    firstName: localStorage.getItem(storageKeys.firstName) ?? '',
  };
}
