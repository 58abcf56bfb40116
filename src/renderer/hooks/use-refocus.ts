import { useEffect, useRef } from 'react';

/**
 * A button that is disabled while its run goes (Plan, Compare) drops the keyboard's focus to the page when the run
 * starts: when the run ends with focus nowhere, it goes back to the button, so the keyboard carries on from there.
 */
export function useRefocusAfter<T extends HTMLElement>(busy: boolean) {
  const element = useRef<T>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (ended && (document.activeElement === null || document.activeElement === document.body)) element.current?.focus();
  }, [busy]);
  return element;
}
