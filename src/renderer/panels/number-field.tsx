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
}

export function NumberField({ label, value, onCommit, testId, min, max, step, integer, title, commitUnchanged }: Props) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setError(null);
  }, [value]);
  useReportValidity(testId, error !== null);
  const shown = useFieldError(error);

  const commit = (raw: string) => {
    const n = Number(raw);
    const problem =
      raw.trim() === '' || !Number.isFinite(n)
        ? 'not a number'
        : integer && !Number.isInteger(n)
          ? 'whole number'
          : min !== undefined && n < min
            ? `≥ ${min}`
            : max !== undefined && n > max
              ? `≤ ${max}`
              : null;
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
        aria-describedby={shown.describedBy}
        onChange={(e) => {
          setText(e.target.value);
          commit(e.target.value);
        }}
      />
      {shown.message}
    </label>
  );
}
