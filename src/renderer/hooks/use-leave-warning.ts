/**
 * While `active`, closing or reloading the page asks the browser's own question first (its wording, not ours:
 * browsers show a fixed sentence). For unsaved edits, and for a plan or comparison running, which the server
 * cancels when its page goes (http.ts). `alsoWhen`, asked at that moment, adds what only the page knows (a cell's
 * typed text not committed yet).
 */
import { useEffect } from 'react';

export function useLeaveWarning(active: boolean, alsoWhen?: () => boolean): void {
  useEffect(() => {
    if (!active && !alsoWhen) return;
    // `alsoWhen` is asked as the page goes: what it reads (a cell's typed text) changes without a render here.
    const warn = (e: BeforeUnloadEvent) => {
      if (active || alsoWhen?.()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, alsoWhen]);
}
