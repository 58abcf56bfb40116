/**
 * A route's stop chips in the plan panel's legend (route-legend.tsx), on a long day drawn only while the route is in
 * or near the view: a 1,000-stop day kept 1,000 chips in the page, which the browser styled, laid out and hit-tested
 * again at every arrow key in the customer table, and drew all again at each move of a stop. A route out of view keeps its place at the height its chips took when it went, so the panel
 * scrolls as before; its heading (stats, "only" button) stays, so Tab goes on through the routes and brings the next
 * one into view.
 *
 * Written by hand rather than with a list virtualiser: the chips wrap by their widths, and the legend scrolls with
 * the whole side panel (or the page, in a narrow window), not in a box of its own, so its routes are watched where they
 * are (IntersectionObserver) rather than placed by a virtualiser that needs one scrolling box and each item's size.
 */
import { type DragEvent, Fragment, type RefObject, useEffect, useRef, useState } from 'react';
import type { Routes } from '../../shared/domain.js';
import { MoveStop } from './move-stop.js';
import { type ChipLook, StopChip } from './stop-chip.js';
import { STOP_CONTROL } from './use-focus-moved-stop.js';

/** How far beyond the view (px) a route's chips are drawn already, so that scrolling finds them there. */
const NEAR = 600;
/**
 * A plan of fewer stops draws every chip: a few hundred chips cost the page little, and each stays where the browser's
 * find-in-page and a test that looks for it without scrolling find it.
 */
export const WINDOWED_FROM_STOPS = 300;

interface Props {
  route: string[];
  r: number;
  colour: string;
  looks: ReadonlyMap<string, ChipLook>;
  selected: string | null;
  routes: Routes;
  vehicles: number;
  onToggle(id: string, selected: boolean): void;
  onDrop(e: DragEvent, route: number, position?: number): void;
  onMoveStop(customerId: string, toRoute: number, position?: number): void;
  /** Whether the chips are drawn only while the route is in or near the view (a plan of WINDOWED_FROM_STOPS or more). */
  windowed: boolean;
}

export function RouteStops({ route, r, colour, looks, selected, routes, vehicles, onToggle, onDrop, onMoveStop, windowed }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const awayHeight = useHeightAway(box, windowed);
  const holdsSelected = selected !== null && route.includes(selected);
  // The selected stop's route always: its chip and move picker take the keyboard after a move (use-focus-moved-stop.ts).
  if (awayHeight !== null && !holdsSelected) {
    return <div ref={box} className="legend-stops" style={{ height: awayHeight }} data-testid={`legend-stops-not-drawn-${r}`} />;
  }
  return (
    <div ref={box} className="legend-stops">
      {route.length === 0 && <span className="hint">empty — drop a stop here</span>}
      {route.map((id, i) => (
        <Fragment key={id}>
          <StopChip
            id={id}
            route={r}
            position={i}
            colour={colour}
            look={looks.get(id)}
            selected={id === selected}
            onToggle={onToggle}
            onDrop={onDrop}
          />
          {/* Right after the chip, the next Tab from it, not after the rest of the route's chips (dozens of Tabs). */}
          {id === selected && (
            <MoveStop
              key={selected}
              routes={routes}
              vehicles={vehicles}
              customerId={selected}
              route={r}
              onMove={onMoveStop}
              onClose={() => {
                // The chip first: the picker that holds the focus goes with the selection.
                box.current?.querySelector<HTMLElement>(`[${STOP_CONTROL}="${CSS.escape(id)}"]`)?.focus();
                onToggle(id, true);
              }}
            />
          )}
        </Fragment>
      ))}
    </div>
  );
}

/**
 * While `box` lies away from the view (through every scrolling box around it, by more than NEAR), the height it had
 * when it went; null while it is in or near the view. Drawn at first: what the first drawing shows is whole, and a
 * route's height is known when it goes.
 */
function useHeightAway(box: RefObject<HTMLElement | null>, watched: boolean): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const el = box.current;
    setHeight(null);
    if (!el || !watched) return;
    // scrollMargin widens each scrolling box around the element (the side panel), rootMargin the window.
    const observer = new IntersectionObserver(
      ([entry]) => {
        const away = (entry.target as HTMLElement).offsetHeight;
        setHeight((was) => (entry.isIntersecting ? null : (was ?? away)));
      },
      { rootMargin: `${NEAR}px 0px`, scrollMargin: `${NEAR}px 0px` } as IntersectionObserverInit,
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, watched]);
  return height;
}
