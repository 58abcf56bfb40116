/**
 * Which number fields of a form hold a value that is not valid, and why: the form's action (Plan, Compare, Start
 * training) stays disabled while any does, so it never runs with the last valid values while the screen shows others,
 * and says which field holds it back and its rule.
 * A form calls useFieldValidity() and wraps its fields in <FieldValidity.Provider value={validity.report}>; each
 * NumberField inside reports itself.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';

/**
 * Reports why field `id` is not valid, in a sentence that names it ("seconds must be at least 0.1"), or null where it is
 * valid again, or gone.
 */
export type ValidityReport = (id: string, problem: string | null) => void;

export const FieldValidity = createContext<ValidityReport | null>(null);

/**
 * The form's side: `reason` is why its action waits, said beside it (action-form.tsx, the import dialog's footer), the
 * first field's problem as that field reports it, so that the action names the field and its rule in the field's words.
 */
export function useFieldValidity(): { invalid: boolean; reason: string | null; report: ValidityReport } {
  const [bad, setBad] = useState<ReadonlyMap<string, string>>(new Map());
  const report = useCallback<ValidityReport>((id, problem) => {
    setBad((prev) => {
      if ((prev.get(id) ?? null) === problem) return prev;
      const next = new Map(prev);
      if (problem === null) next.delete(id);
      else next.set(id, problem);
      return next;
    });
  }, []);
  const [reason = null] = bad.values();
  return { invalid: bad.size > 0, reason, report };
}

/**
 * A field's part: tells its form (if any) why it holds an invalid value (`label` and the rule it breaks, as the field
 * says it under itself), and that it no longer does once it goes.
 */
export function useReportValidity(id: string, label: string, rule: string | null): void {
  const report = useContext(FieldValidity);
  // "seconds must be at least 0.1" reads as a sentence; "Capacity: write 1250, without the comma" needs its colon.
  const problem = rule === null ? null : rule.startsWith('must ') ? `${label} ${rule}` : `${label}: ${rule}`;
  useEffect(() => report?.(id, problem), [report, id, problem]);
  // A field that goes away (β when the policy becomes hard) no longer holds anything back.
  useEffect(() => () => report?.(id, null), [report, id]);
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
