/**
 * A small numeric input that keeps what the user typed while it is invalid (showing why beside it) and commits
 * only valid numbers, so a half-typed value is never lost nor sent; it tells its form (field-validity.tsx) while it
 * is invalid, so the form's action waits for a valid value.
 */
import { useEffect, useState } from 'react';
import { useFieldError, useReportValidity } from './field-validity.js';

interface Props {
  label: string;
  value: number;
  onCommit(value: number): void;
  testId: string;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  title?: string;
  /** Commit a typed value equal to the shown one too: for a field whose typing means "chosen by hand". */
  commitUnchanged?: boolean;
  /** The id of a note about the value elsewhere in the form, read out with the field (after its error, if any). */
  describedBy?: string;
}

export function NumberField({ label, value, onCommit, testId, min, max, step, integer, title, commitUnchanged, describedBy }: Props) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setError(null);
  }, [value]);
  useReportValidity(testId, label, error);
  const shown = useFieldError(error);

  const commit = (raw: string) => {
    const n = Number(raw);
    const problem = numberRuleBroken(raw, { min, max, integer });
    setError(problem);
    if (!problem && (n !== value || commitUnchanged)) onCommit(n);
  };

  return (
    <label className={`field-inline${error ? ' has-error' : ''}`} title={title}>
      <span>{label}</span>
      <input
        type="number"
        value={text}
        min={min}
        max={max}
        step={step}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[shown.describedBy, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          setText(e.target.value);
          commit(e.target.value);
        }}
      />
      {shown.message}
    </label>
  );
}

/**
 * The rule a typed value breaks, said after the field's label ("seconds must be at least 0.1"): under the field, and by
 * its form's action (field-validity.tsx); null where it keeps them all.
 */
export function numberRuleBroken(raw: string, { min, max, integer }: Pick<Props, 'min' | 'max' | 'integer'>): string | null {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return 'must be a number';
  if (integer && !Number.isInteger(n)) return 'must be a whole number';
  if (min !== undefined && n < min) return `must be at least ${min}`;
  if (max !== undefined && n > max) return `must be at most ${max}`;
  return null;
}
