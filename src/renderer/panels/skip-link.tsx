/**
 * A view's "skip to" link: the page's first Tab stop, drawn before the top bar (app.tsx) and shown only when reached
 * (base.css .skip-link). Enter moves the keyboard to the view's main content, the element of id `to`, which takes the
 * focus from a script (tabIndex -1) and is ringed while it holds it (.skip-target); the next Tab goes on inside it.
 * Without it the top bar's ten controls come first, and in the Plan view the customer table's hundreds of cells.
 */
import type { ReactNode } from 'react';

/** Puts the keyboard on the element of id `id` (a skip link's target, or the plan side after Compare's Open). */
export const focusById = (id: string) => document.getElementById(id)?.focus();

export function SkipLink({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <button type="button" className="skip-link" data-testid={testId} onClick={() => focusById(to)}>
      {children}
    </button>
  );
}
