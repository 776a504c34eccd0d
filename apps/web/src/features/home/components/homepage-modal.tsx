import { useState } from 'react';
import type { HomepageSettings } from '@careslot/contracts/content';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import styles from './homepage-modal.module.css';

const DISMISSED_KEY = 'homepage_modal_dismissed';

/** One announcement per content: a changed heading or text shows again, the same one does not nag on every visit. */
function modalKey(s: HomepageSettings): string {
  return `${s.modal_heading}\u0000${s.modal_description}\u0000${s.modal_image ?? ''}`;
}

function wasDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === key;
  } catch {
    return false;
  }
}

/** The optional announcement staff enable in the admin area (heading, description, image). */
export function HomepageModal({ settings }: { settings: HomepageSettings }) {
  const key = modalKey(settings);
  const enabled = settings.show_modal && settings.modal_heading.trim() !== '';
  const [open, setOpen] = useState(() => enabled && !wasDismissed(key));
  if (!enabled) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      try {
        sessionStorage.setItem(DISMISSED_KEY, key);
      } catch {
        // Storage disabled: it may show again next visit, which is harmless.
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={settings.modal_heading}
      description={settings.modal_description || undefined}
      size="medium"
      footer={<Button onClick={() => onOpenChange(false)}>Continue to CareSlot</Button>}
    >
      {settings.modal_image && <img className={styles.image} src={settings.modal_image} alt="" />}
    </Dialog>
  );
}
