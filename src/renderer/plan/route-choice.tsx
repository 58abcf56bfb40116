/** A route picker for one stop (plan-panel.tsx: move the selected stop; not-served-list.tsx: put a left-out customer on a route). */
import { useRef, useState } from 'react';
import { UNSERVED } from '../state/route-edits.js';
import { STOP_CONTROL } from './use-focus-moved-stop.js';

/**
 * A route picker: every route but the current one, a new route, and (for a stop on a route) "no route". A pick with
 * the pointer moves the stop at once; with the keyboard, the arrow keys only browse (in a closed select each one
 * changes the value) and Enter moves it, so stepping through the list never moves the stop route after route.
 */
export function RouteChoice(props: {
  routes: string[][];
  vehicles: number;
  current: number;
  label: string;
  testId: string;
  /** The unchosen entry's words: "choose a route…" unless said shorter where the row is narrow. */
  placeholder?: string;
  /** The stop the picker stands for in its panel, where the keyboard lands after the stop moved (a not-served entry's). */
  stopControl?: string;
  onChoose(route: number): void;
  /** Escape: the picker is closed by its owner (a selected stop's), nothing chosen; unset, Escape only drops a browsed route. */
  onEscape?: () => void;
}) {
  const { routes, current } = props;
  const [browsing, setBrowsing] = useState('');
  const byKeyboard = useRef(false);
  const choose = (value: string) => {
    setBrowsing('');
    if (value !== '') props.onChoose(Number(value));
  };
  return (
    <select
      value={browsing}
      aria-label={props.label}
      data-testid={props.testId}
      {...(props.stopControl === undefined ? {} : { [STOP_CONTROL]: props.stopControl })}
      onPointerDown={() => {
        byKeyboard.current = false;
      }}
      onKeyDown={(e) => {
        byKeyboard.current = true;
        // After the event: where Enter closes an open list, the select takes its value only then.
        const select = e.currentTarget;
        if (e.key === 'Enter') setTimeout(() => choose(select.value), 0);
        if (e.key === 'Escape') {
          setBrowsing('');
          props.onEscape?.();
        }
      }}
      onBlur={() => {
        setBrowsing('');
        byKeyboard.current = false;
      }}
      onChange={(e) => (byKeyboard.current ? setBrowsing(e.target.value) : choose(e.target.value))}
    >
      <option value="">{props.placeholder ?? 'choose a route…'}</option>
      {routes.map((_, r) =>
        r === current ? null : (
          <option key={r} value={r}>
            Route {r + 1}
          </option>
        ),
      )}
      {/* More routes than vehicles is allowed here (check mode reports it as a fleet violation), but named as such. */}
      <option value={routes.length}>
        {routes.filter((r) => r.length > 0).length >= props.vehicles
          ? `a new route (beyond the fleet of ${props.vehicles})`
          : 'a new route'}
      </option>
      {current !== UNSERVED && <option value={UNSERVED}>no route (leave it unserved)</option>}
    </select>
  );
}
