import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../lib/paths';
import { logout } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';

/**
 * Logout asks first (the product's own question). Yes ends the session on the server, forgets the provider keys kept
 * in this browser, and goes to the sign-in screen, where the provider can sign in again (decision 058).
 */
export function ProviderLogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await logout();
    for (const key of [
      storageKeys.providerAccessToken,
      storageKeys.providerAuthToken,
      storageKeys.providerId,
      storageKeys.providerLocatedRegion,
    ]) {
      localStorage.removeItem(key);
    }
    window.location.assign(paths.signIn);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title="Are you sure you want to logout?"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            No
          </Button>
          <Button onClick={confirm} loading={busy}>
            Yes
          </Button>
        </>
      }
    />
  );
}
