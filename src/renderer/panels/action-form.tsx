/**
 * A bar of fields and the action they set up (the top bar's Plan, the Compare view's Compare): one rule for both.
 * It is a form, so Enter in any of its fields (α, β, effort) runs the action as its button does. The browser submits
 * no form whose submit button is disabled, so Enter does nothing while the button waits. Why the button is disabled
 * shows as text beside it (in the top bar: under it, base.css), and the button names that text as its description: a
 * tooltip alone reached neither the keyboard nor a screen reader.
 */
import { type ReactNode, type RefObject, useId } from 'react';

interface FormProps {
  className: string;
  /** What the form does, for a screen reader's list of forms ("Plan the day"). */
  label: string;
  onSubmit(): void;
  children: ReactNode;
}

export function ActionForm({ className, label, onSubmit, children }: FormProps) {
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface ButtonProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  testId: string;
  /** Disabled while it runs, with the button's label saying so ("Planning…"): no reason shown. */
  busy: boolean;
  /** Why the action cannot run now, shown beside the button; null when it can. */
  blockedBecause: string | null;
  title?: string;
  children: ReactNode;
}

export function ActionButton({ buttonRef, testId, busy, blockedBecause, title, children }: ButtonProps) {
  const reasonId = useId();
  const reason = busy ? null : blockedBecause;
  return (
    <span className="action-button">
      <button
        ref={buttonRef}
        type="submit"
        className="btn btn-primary"
        data-testid={testId}
        disabled={busy || reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        title={title}
      >
        {children}
      </button>
      {reason && (
        <span className="action-blocked" id={reasonId} data-testid={`${testId}-blocked`}>
          {reason}
        </span>
      )}
    </span>
  );
}
