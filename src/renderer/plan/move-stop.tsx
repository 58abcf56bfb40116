/**
 * The keyboard-friendly "move to route" control of the selected stop, shown right after its chip in its route
 * (route-legend.tsx): next to the chip the dispatcher clicked, and the next Tab from it, not at the panel's top, which a
 * panel scrolled down to a later route hid. Escape closes it, as it closes the app's other pickers and menus: the stop is
 * deselected and the keyboard goes back to its chip (route-stops.tsx), nothing moved.
 */
import { useEffect, useRef } from 'react';
import { RouteChoice } from './route-choice.js';

interface Props {
  routes: string[][];
  vehicles: number;
  customerId: string;
  /** The route the stop is on (its index in `routes`). */
  route: number;
  onMove(customerId: string, toRoute: number): void;
  /** Escape in the picker: the stop deselected, the picker gone, the keyboard back on the stop's chip. */
  onClose(): void;
}

export function MoveStop({ routes, vehicles, customerId, route, onMove, onClose }: Props) {
  const card = useRef<HTMLDivElement>(null);
  // Shown anew for each stop selected (on the map, in the table) and under the route it is moved to (keyed and placed
  // by route-legend.tsx): each time, the control is brought into the panel's view.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div className="move-stop" data-testid="move-stop" ref={card}>
      <div className="field-inline">
        <span>
          Move customer <b>{customerId}</b> (route {route + 1}) to
        </span>
        <RouteChoice
          routes={routes}
          vehicles={vehicles}
          current={route}
          label={`Move customer ${customerId} to`}
          testId="move-stop-select"
          onChoose={(r) => onMove(customerId, r)}
          onEscape={onClose}
        />
      </div>
    </div>
  );
}
