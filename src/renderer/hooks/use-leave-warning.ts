/**
 * While `active`, closing or reloading the page asks the browser's own question first (its wording, not ours:
 * browsers show a fixed sentence). For unsaved edits, and for a plan or comparison running, which the server
 * cancels when its page goes (http.ts).
 */
import { useEffect } from 'react';

export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
