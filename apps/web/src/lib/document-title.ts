import { useEffect } from 'react';

/** Each screen names itself in the tab and for screen readers: 'About us · CareSlot'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · CareSlot`;
  }, [title]);
}
