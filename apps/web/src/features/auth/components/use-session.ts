import { useSyncExternalStore } from 'react';
import { currentUserId, isLoggedIn, subscribeSession } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';

const readLoggedIn = () => isLoggedIn() || (!!currentUserId() && localStorage.getItem(storageKeys.isLoggedIn) === 'true');
const readFirstName = () => localStorage.getItem(storageKeys.firstName) ?? '';

/**
 * Re-renders when the session starts or ends; reads the cookies on every render (they are the source of truth). The
 * build-time HTML (decision 070) is rendered signed out, and hydrating it starts signed out too (React then renders
 * again with what the cookies say; main.tsx does not hydrate it for a visitor who may be signed in).
 */
export function useSession() {
  const loggedIn = useSyncExternalStore(subscribeSession, readLoggedIn, () => false);
  const firstName = useSyncExternalStore(subscribeSession, readFirstName, () => '');
  return {
    loggedIn,
    userId: loggedIn ? currentUserId() : null,
    firstName,
  };
}
