/** The time-window policy: hard / partly soft / soft, with its alpha (earliness) and beta (lateness) prices. */
import { useRef } from 'react';
import { VARIANT_LABELS, VARIANT_NAMES, VARIANT_RULES, type VariantName } from '../../shared/domain.js';
import { MAX_PRICE } from '../../shared/limits.js';
import { defaultPolicy, type TimeWindowPolicy } from '../plan/time-window-policy.js';
import { NumberField } from './number-field.js';

interface Props {
  policy: TimeWindowPolicy;
  onChange(policy: TimeWindowPolicy): void;
  testId: string;
  label?: string;
}

export function PolicyControls({ policy, onChange, testId, label = 'Policy' }: Props) {
  // The prices last set under each policy: switching to hard and back to partly soft brings its α and β back
  // rather than the defaults.
  const lastPrices = useRef(new Map<VariantName, TimeWindowPolicy>());
  const switchTo = (name: VariantName) => {
    lastPrices.current.set(policy.name, policy);
    onChange(lastPrices.current.get(name) ?? defaultPolicy(name));
  };
  return (
    <div className="policy-controls" data-testid={testId}>
      <label className="field-inline" title={VARIANT_RULES[policy.name]}>
        <span>{label}</span>
        <select value={policy.name} data-testid={`${testId}-name`} onChange={(e) => switchTo(e.target.value as VariantName)}>
          {VARIANT_NAMES.map((name) => (
            <option key={name} value={name} title={VARIANT_RULES[name]}>
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
        max={MAX_PRICE}
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
          max={MAX_PRICE}
          step={0.05}
          testId={`${testId}-beta`}
          onCommit={(beta) => onChange({ ...policy, beta })}
        />
      )}
    </div>
  );
}
