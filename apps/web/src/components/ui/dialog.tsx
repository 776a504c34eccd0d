import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; give one unless the body says it all. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned on wide screens. */
  footer?: ReactNode;
  /** Wider dialogs for forms. */
  size?: 'small' | 'medium';
}

/**
 * An accessible modal dialog (Radix): focus moves in and is trapped, Escape and the close button dismiss it,
 * focus returns to what opened it, and the page behind is inert.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'small' }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={`dialog dialog-${size}`} {...(description ? {} : { 'aria-describedby': undefined })}>
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>}
          {children}
          {footer && <div className="dialog-footer">{footer}</div>}
          <RadixDialog.Close className="dialog-close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
