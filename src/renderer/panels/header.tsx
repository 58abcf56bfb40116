/** The top bar: product, instance name, the three views, and the planning controls (policy, method, Plan). */
import type { AppInfo } from '../../shared/api.js';
import { METHOD_OPTIONS, methodOption, type MethodChoice } from '../../shared/methods.js';
import type { TimeWindowPolicy } from '../plan/time-window-policy.js';
import { FieldValidity, INVALID_FIELDS_HINT, useFieldValidity } from './field-validity.js';
import { NumberField } from './number-field.js';
import { PolicyControls } from './policy-controls.js';

export type View = 'plan' | 'compare' | 'training';
const VIEWS: { id: View; label: string }[] = [
  { id: 'plan', label: 'Plan' },
  { id: 'compare', label: 'Compare' },
  { id: 'training', label: 'Training' },
];

interface Props {
  view: View;
  onView(view: View): void;
  instanceName: string | null;
  onRename(name: string): void;
  dirty: boolean;
  policy: TimeWindowPolicy;
  onPolicy(policy: TimeWindowPolicy): void;
  method: MethodChoice;
  onMethod(method: MethodChoice): void;
  effort: number;
  onEffort(effort: number): void;
  onPlan(): void;
  planning: boolean;
  info: AppInfo | null;
}

export function Header(props: Props) {
  const option = methodOption(props.method);
  const validity = useFieldValidity();
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" title="JAMPR Dispatch">
          ★
        </span>
        <span className="brand-name">JAMPR Dispatch</span>
      </div>
      {props.instanceName !== null && (
        <input
          className="instance-name"
          aria-label="Instance name"
          data-testid="instance-name"
          value={props.instanceName}
          onChange={(e) => props.onRename(e.target.value)}
        />
      )}
      {props.dirty && (
        <span className="badge badge-warn" data-testid="unsaved-badge">
          unsaved
        </span>
      )}
      <div className="tabs" role="tablist">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            role="tab"
            aria-selected={props.view === v.id}
            className={props.view === v.id ? 'tab active' : 'tab'}
            data-testid={`tab-${v.id}`}
            onClick={() => props.onView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div className="header-spacer" />
      {props.view === 'plan' && (
        <FieldValidity.Provider value={validity.report}>
          <div className="plan-controls">
            <PolicyControls policy={props.policy} onChange={props.onPolicy} testId="policy" />
            <label className="field-inline">
              <span>Method</span>
              <select value={props.method} data-testid="method" onChange={(e) => props.onMethod(e.target.value as MethodChoice)}>
                {METHOD_OPTIONS.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
            {option.effort && (
              <NumberField
                label={option.effort.label}
                value={props.effort}
                min={option.effort.min}
                max={option.effort.max}
                step={option.effort.step}
                testId="method-effort"
                onCommit={props.onEffort}
              />
            )}
            <button
              className="btn btn-primary"
              data-testid="plan-button"
              disabled={props.planning || props.instanceName === null || validity.invalid}
              title={validity.invalid ? INVALID_FIELDS_HINT : undefined}
              onClick={props.onPlan}
            >
              {props.planning ? 'Planning…' : 'Plan'}
            </button>
          </div>
        </FieldValidity.Provider>
      )}
      {props.info && (
        <span className="app-info" title={`${props.info.backendDetail}\n${props.info.dbPath}`} data-testid="app-info">
          v{props.info.version} · {props.info.backend}
        </span>
      )}
    </header>
  );
}
