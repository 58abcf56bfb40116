/** The top bar: product, instance name, the three views, and the planning controls (policy, method, Plan). */
import type { AppInfo } from '../../shared/api.js';
import type { MethodChoice } from '../../shared/methods.js';
import type { TimeWindowPolicy } from '../plan/time-window-policy.js';
import { FieldValidity, useFieldValidity } from './field-validity.js';
import { useRefocusAfter } from '../hooks/use-refocus.js';
import { ActionButton, ActionForm } from './action-form.js';
import { MethodControls } from './method-controls.js';
import { PolicyControls } from './policy-controls.js';

export type View = 'plan' | 'compare' | 'training';

/** A plan is made for the stored day: with edits on screen, planning (or comparing) saves them first, and says so. */
export const SAVES_FIRST = 'Your unsaved edits are saved first: plans are made for the stored day.';
/** The day on screen was deleted in another window: planning (or comparing) keeps it as a new day first, asking. */
export const savesAsNewDayFirst = (name: string) =>
  `“${name}” was deleted in another window: it is saved as a new day first (you are asked), and that day is planned.`;
/** Why Plan waits before a day is open (the welcome screen says how to open one). */
const NO_DAY = 'Open or import a day first';
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
  /** Why Plan saves the day first (SAVES_FIRST, savesAsNewDayFirst), or null where it plans the stored day as it is. */
  savesFirst: string | null;
  policy: TimeWindowPolicy;
  onPolicy(policy: TimeWindowPolicy): void;
  method: MethodChoice;
  /** The day's size, where one is open: the learned methods plan days up to a size. */
  customers: number | null;
  onMethod(method: MethodChoice): void;
  effort: number;
  onEffort(effort: number): void;
  /**
   * The dispatcher's own choice of the controls, in words, while they show how the plan on screen was made instead
   * (null otherwise): a day without a plan starts from it, and `onOwnChoice` puts it back now.
   */
  ownChoice: string | null;
  onOwnChoice(): void;
  onPlan(): void;
  planning: boolean;
  info: AppInfo | null;
}

const ownChoiceTitle = (choice: string) =>
  'The controls show how the plan on screen was made, so that Plan makes it again. ' +
  `Your own choice, which a day without a plan starts from: ${choice}. Click to plan with it.`;

export function Header(props: Props) {
  const validity = useFieldValidity();
  const planButton = useRefocusAfter<HTMLButtonElement>(props.planning);
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
          {/* Enter in the α, β or effort field plans, as the Plan button does (not while it is disabled): action-form.tsx. */}
          <ActionForm className="plan-controls" label="Plan the day" onSubmit={props.onPlan}>
            <PolicyControls policy={props.policy} onChange={props.onPolicy} testId="policy" />
            <MethodControls
              method={props.method}
              customers={props.customers}
              effort={props.effort}
              onMethod={props.onMethod}
              onEffort={props.onEffort}
              testId="method"
              effortTestId="method-effort"
            />
            {props.ownChoice && (
              <button
                type="button"
                className="btn btn-small own-choice"
                data-testid="controls-own-choice"
                title={ownChoiceTitle(props.ownChoice)}
                aria-label={`Back to your choice: ${props.ownChoice}`}
                onClick={props.onOwnChoice}
              >
                ↺
              </button>
            )}
            <ActionButton
              buttonRef={planButton}
              testId="plan-button"
              busy={props.planning}
              blockedBecause={props.instanceName === null ? NO_DAY : validity.reason}
              title={props.savesFirst ?? undefined}
            >
              {props.planning ? 'Planning…' : props.savesFirst ? 'Save and plan' : 'Plan'}
            </ActionButton>
          </ActionForm>
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
