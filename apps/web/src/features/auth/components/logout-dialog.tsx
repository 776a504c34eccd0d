import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { logout } from '../../../lib/session';
import { paths } from '../../../lib/paths';

/**
 * Logout always asks first (docs/accounts.md, "Screens"). Yes revokes the session on the server, forgets it here
 * (demo and real tokens alike), then reloads on the home page.
 */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await logout();
    window.location.assign(paths.home);
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
