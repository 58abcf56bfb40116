/**
 * Keeps the keyboard inside an overlay (a modal dialog, the driver sheets): focus moves into it when it opens (its
 * first field, else its first control), Tab and Shift+Tab cycle inside it, Escape closes it, and focus goes back to
 * where it was when it closes.
 */
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function useFocusTrap(root: RefObject<HTMLElement | null>, onClose: () => void, firstField = 'input, select, textarea'): void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = root.current?.querySelector<HTMLElement>(firstField) ?? focusables(root.current)[0];
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [root, firstField]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab') return;
      const items = focusables(root.current);
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      // Focus outside the overlay (or on its edge) wraps to the other end: the page behind stays out of reach.
      if (e.shiftKey && at <= 0) {
        e.preventDefault();
        items[items.length - 1].focus();
      } else if (!e.shiftKey && (at < 0 || at === items.length - 1)) {
        e.preventDefault();
        items[0].focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root]);
}

function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null) : [];
}
