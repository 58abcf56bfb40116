/** The time-window policy: hard / partly soft / soft, with its alpha (earliness) and beta (lateness) prices. */
import { VARIANT_LABELS, VARIANT_NAMES, type VariantName } from '../../shared/domain.js';
import { defaultPolicy, type TimeWindowPolicy } from '../plan/time-window-policy.js';
import { NumberField } from './number-field.js';

interface Props {
  policy: TimeWindowPolicy;
  onChange(policy: TimeWindowPolicy): void;
  testId: string;
  label?: string;
}

export function PolicyControls({ policy, onChange, testId, label = 'Policy' }: Props) {
  return (
    <div className="policy-controls" data-testid={testId}>
      <label className="field-inline">
        <span>{label}</span>
        <select value={policy.name} data-testid={`${testId}-name`} onChange={(e) => onChange(defaultPolicy(e.target.value as VariantName))}>
          {VARIANT_NAMES.map((name) => (
            <option key={name} value={name}>
              {VARIANT_LABELS[name]}
            </option>
          ))}
        </select>
      </label>
      <NumberField
        label="α"
        title="price per unit of earliness (waiting in hard / partly soft)"
        value={policy.alpha}
        min={0}
        step={0.05}
        testId={`${testId}-alpha`}
        onCommit={(alpha) => onChange({ ...policy, alpha })}
      />
      {policy.name !== 'tw1' && (
        <NumberField
          label="β"
          title="price per unit of lateness"
          value={policy.beta}
          min={0}
          step={0.05}
          testId={`${testId}-beta`}
          onCommit={(beta) => onChange({ ...policy, beta })}
        />
      )}
    </div>
  );
}
