/**
 * The customers a plan leaves out, under the reason the evaluation gives, each with a way to put it on a route. A
 * reason is said once above the customers it leaves out: a day short of capacity leaves dozens out for the same long
 * reason, which repeated under each one filled the panel; each customer's own numbers (its demand) are in its row. A long
 * group shows its first few dozen and a count of the rest.
 */
import { useState } from 'react';
import type { Instance, Violation } from '../../shared/domain.js';
import { groupByReason, type NotServedGroup, notServed, SHOWN_PER_REASON } from '../../shared/not-served.js';
import { UNSERVED } from '../state/route-edits.js';
import { RouteChoice } from './route-choice.js';

interface Props {
  instance: Instance;
  violations: Violation[];
  routes: string[][];
  onMove(customerId: string, toRoute: number): void;
}

export function NotServedList(props: Props) {
  const unserved = notServed(props.instance, { violations: props.violations });
  if (unserved.length === 0) return null;
  return (
    <div className="not-served" data-testid="not-served">
      <h3 className="sub-title text-bad">
        Not served <span className="count">{unserved.length}</span>
      </h3>
      {groupByReason(unserved).map((group) => (
        <ReasonGroup key={group.reason} group={group} {...props} />
      ))}
    </div>
  );
}

function ReasonGroup({ group, instance, routes, onMove }: Props & { group: NotServedGroup }) {
  const [whole, setWhole] = useState(false);
  const { customers } = group;
  const shown = whole ? customers : customers.slice(0, SHOWN_PER_REASON);
  const hidden = customers.length - shown.length;
  return (
    <section className="not-served-group" data-testid="not-served-group">
      {/* The count beside the reason's first line: after a long reason it wrapped onto a line of its own. */}
      <p className="not-served-reason" data-testid="not-served-reason">
        <span>{group.reason}</span>
        {customers.length > 1 && <span className="count">{customers.length}</span>}
      </p>
      <ul>
        {shown.map((c) => (
          <li key={c.id} data-testid={`not-served-${c.id}`}>
            <span className="not-served-who" title={[c.name ? `${c.id} · ${c.name}` : c.id, c.figures].filter(Boolean).join('\n')}>
              <b>{c.id}</b>
              {c.name ? ` · ${c.name}` : ''}
              {/* The customer's own numbers under the reason the group shares (its demand, the room left). */}
              {c.figures && (
                <span className="not-served-figures" data-testid={`unserved-figures-${c.id}`}>
                  {c.figures}
                </span>
              )}
            </span>
            <RouteChoice
              routes={routes}
              vehicles={instance.vehicles}
              current={UNSERVED}
              label={`Put customer ${c.id} on`}
              testId={`serve-${c.id}`}
              stopControl={c.id}
              // Short, so that the picker is narrow and the customer's name has the row.
              placeholder="put on…"
              onChoose={(r) => onMove(c.id, r)}
            />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button className="btn btn-small not-served-more" data-testid="not-served-more" onClick={() => setWhole(true)}>
          {hidden} more: show all {customers.length}
        </button>
      )}
    </section>
  );
}
