/**
 * The Training form's days to tick, in the history's order. Two years of days are 2,000 check boxes: the list draws
 * those in view only (use-list-window.ts) inside their scrolling box in the form's "Learn from" box, under its hint.
 */
import { type RefObject, useMemo, useRef } from 'react';
import type { InstanceSummary } from '../../shared/api.js';
import { useListWindow } from '../panels/use-list-window.js';

/** A day's line before any is measured (px). */
const PICK_ESTIMATE = 22;

interface Props {
  instances: readonly InstanceSummary[];
  chosen: ReadonlySet<number>;
  heldOut: ReadonlySet<number>;
  onToggle(id: number): void;
  /** The box that scrolls the list (inside the "Learn from" box). */
  scroll: RefObject<HTMLElement | null>;
}

export function DayPicks({ instances, chosen, heldOut, onToggle, scroll }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const keys = useMemo(() => instances.map((inst) => inst.id), [instances]);
  const win = useListWindow({ keys, estimate: PICK_ESTIMATE, scroll, list });
  return (
    <div className="instance-pick-list" ref={list}>
      {win.drawn.map(({ index, gapBefore }) => {
        const inst = instances[index];
        return (
          <label key={inst.id} className="checkbox" ref={win.measure} data-index={index} style={{ marginTop: gapBefore }}>
            <input
              type="checkbox"
              checked={chosen.has(inst.id)}
              onChange={() => onToggle(inst.id)}
              data-testid={`train-instance-${inst.id}`}
            />
            {inst.name} <span className="hint">({inst.customers} customers)</span>
            {heldOut.has(inst.id) && (
              <span className="hint" data-testid={`train-held-out-${inst.id}`}>
                {' '}
                · held out to judge
              </span>
            )}
          </label>
        );
      })}
      {win.gapAfter > 0 && <div className="list-gap" aria-hidden="true" style={{ height: win.gapAfter }} />}
    </div>
  );
}
