/** The method to plan with and its effort (samples, local-search or search seconds): the Plan bar's and Compare's. */
import { MAX_MODEL_CUSTOMERS } from '../../shared/limits.js';
import { modelSizeRefusal } from '../../shared/model-limits.js';
import { METHOD_OPTIONS, type MethodChoice, methodOption, usesModel } from '../../shared/methods.js';
import { NumberField } from './number-field.js';
import { messageNumber } from '../../shared/number-text.js';

interface Props {
  method: MethodChoice;
  /** The day's size, where one is open: above MAX_MODEL_CUSTOMERS the learned methods are offered but not enabled. */
  customers: number | null;
  effort: number;
  /** A new method starts from its own default effort (the caller sets both). */
  onMethod(method: MethodChoice): void;
  onEffort(effort: number): void;
  testId: string;
  effortTestId: string;
}

export function MethodControls({ method, customers, effort, onMethod, onEffort, testId, effortTestId }: Props) {
  const measure = methodOption(method).effort;
  const tooLarge = (id: MethodChoice) => usesModel(id) && customers !== null && modelSizeRefusal(customers) !== null;
  // A day grown past the limit while a learned method was chosen keeps the choice, marked, so Plan's refusal is no
  // surprise; the dispatcher picks another method (switching it silently would plan with what was not chosen).
  const refusal = tooLarge(method) ? modelSizeRefusal(customers!) : null;
  return (
    <>
      <label className={`field-inline${refusal ? ' has-error' : ''}`} title={refusal ?? undefined}>
        <span>Method</span>
        <select
          value={method}
          data-testid={testId}
          aria-invalid={refusal ? true : undefined}
          onChange={(e) => onMethod(e.target.value as MethodChoice)}
        >
          {METHOD_OPTIONS.map((m) => (
            <option key={m.id} value={m.id} disabled={tooLarge(m.id)}>
              {tooLarge(m.id) ? `${m.label} (up to ${messageNumber(MAX_MODEL_CUSTOMERS)} stops)` : m.label}
            </option>
          ))}
        </select>
        {refusal && (
          <em className="field-error" data-testid={`${testId}-too-large`}>
            up to {messageNumber(MAX_MODEL_CUSTOMERS)} stops: choose Classical
          </em>
        )}
      </label>
      {measure && (
        <NumberField
          label={measure.label}
          value={effort}
          min={measure.min}
          max={measure.max}
          step={measure.step}
          integer={measure.field === 'samples'}
          testId={effortTestId}
          onCommit={onEffort}
        />
      )}
    </>
  );
}
