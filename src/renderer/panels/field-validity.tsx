/**
 * Which number fields of a form hold a value that is not valid: the form's action (Plan, Compare, Start training)
 * stays disabled while any does, so it never runs with the last valid values while the screen shows others.
 * A form calls useFieldValidity() and wraps its fields in <FieldValidity.Provider value={validity.report}>; each
 * NumberField inside reports itself.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';

/** Reports that field `id` is invalid (true) or valid again, or gone (false). */
export type ValidityReport = (id: string, invalid: boolean) => void;

export const FieldValidity = createContext<ValidityReport | null>(null);

/** Said beside a form's action while it waits (action-form.tsx, the import dialog's footer); the field says why under it. */
export const INVALID_FIELDS_HINT = 'A field holds a value that is not valid: fix it first';

export function useFieldValidity(): { invalid: boolean; report: ValidityReport } {
  const [bad, setBad] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<ValidityReport>((id, invalid) => {
    setBad((prev) => {
      if (prev.has(id) === invalid) return prev;
      const next = new Set(prev);
      if (invalid) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return { invalid: bad.size > 0, report };
}

/** A field's part: tells its form (if any) while it holds an invalid value, and that it no longer does once it goes. */
export function useReportValidity(id: string, invalid: boolean): void {
  const report = useContext(FieldValidity);
  useEffect(() => report?.(id, invalid), [report, id, invalid]);
  // A field that goes away (β when the policy becomes hard) no longer holds anything back.
  useEffect(() => () => report?.(id, false), [report, id]);
}

/**
 * Why a field's value is not valid, under it: announced when it appears (role=alert) and named by the field as its
 * description (`describedBy`), so a screen reader says it on the field, not only that the field is invalid.
 */
export function useFieldError(problem: string | null): { describedBy: string | undefined; message: ReactNode } {
  const id = useId();
  return {
    describedBy: problem ? id : undefined,
    message: problem && (
      <em className="field-error" id={id} role="alert">
        {problem}
      </em>
    ),
  };
}
