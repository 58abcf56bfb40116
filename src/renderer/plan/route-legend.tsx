/**
 * One row per route, like the paper's plots: customers n, length l, load q, duration t; below, the stops as
 * chips that can be dragged onto another route (HTML drag and drop) or clicked to select; right after the selected
 * stop's chip, on a line of its own, the control to move it by keyboard (route-stops.tsx, which draws a route's chips
 * while it is in or near the view).
 */
import { useCallback, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { type Evaluation, exceedsCapacity, type Instance, type Routes, routeDeparture, type VariantName } from '../../shared/domain.js';
import { formatCount, formatNumber } from '../format.js';
import { unitsOf } from '../units.js';
import { routeColour } from '../map/palette.js';
import { backAfterShift } from '../../shared/route-flags.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';
import { type ChipLook, STOP_DRAG_TYPE as DRAG_TYPE } from './stop-chip.js';
import { RouteStops, WINDOWED_FROM_STOPS } from './route-stops.js';

interface Props {
  instance: Instance;
  routes: Routes;
  evaluation: Evaluation | null;
  /** The plan's policy: whether a stop reached before its window opens waits (hard, partly soft) or is early (soft). */
  variant: VariantName;
  selected: string | null;
  onSelect(id: string | null): void;
  onMoveStop(customerId: string, toRoute: number, position?: number): void;
  /** The route shown alone on the map, or null. */
  focus: number | null;
  onFocus(route: number | null): void;
}

export function RouteLegend({ instance, routes, evaluation, variant, selected, onSelect, onMoveStop, focus, onFocus }: Props) {
  const [dropRoute, setDropRoute] = useState<number | null>(null);
  const units = unitsOf(instance);
  // Each stop's times as the driver lives them (the timeline's and the driver sheet's), and its lateness, as its chip
  // reads them. Worked out when the plan changes, not at every drawing: a selection moved draws the legend again.
  const looks = useMemo(() => {
    const read = unitsOf(instance);
    return new Map<string, ChipLook>(
      evaluation?.routes.flatMap((r) =>
        r.stops.map((s, k) => {
          const stop = { ...stopAsDriven(r, k, instance.depot.ready, variant), late: s.late };
          const timing = stop.late > 0 ? 'late' : stop.early > 0 ? 'early' : stop.wait > 0 ? 'waits' : null;
          const title = `arrive ${read.moment(stop.arrival)}${stop.late > 0 ? `, late by ${read.duration(stop.late)}` : ''}${stop.early > 0 ? `, early by ${read.duration(stop.early)}` : ''}${stop.wait > 0 ? `, waits ${read.duration(stop.wait)}` : ''}`;
          return [s.customerId, { timing, title }] as const;
        }),
      ) ?? [],
    );
  }, [evaluation, instance, variant]);
  const latest = useRef({ onSelect, onMoveStop });
  latest.current = { onSelect, onMoveStop };
  // The chips' handlers keep their identity, so that a chip whose stop did not change is not drawn again.
  const onDrop = useCallback((e: DragEvent, route: number, position?: number) => {
    const id = e.dataTransfer.getData(DRAG_TYPE);
    setDropRoute(null);
    if (!id) return;
    e.preventDefault();
    e.stopPropagation();
    latest.current.onMoveStop(id, route, position);
  }, []);
  const toggle = useCallback((id: string, selected: boolean) => latest.current.onSelect(selected ? null : id), []);
  const windowed = routes.reduce((stops, route) => stops + route.length, 0) >= WINDOWED_FROM_STOPS;
  // Each route's entry is named by its heading ("Route 2"), for a screen reader's list navigation.
  const names = useId();
  return (
    <ol className="route-legend" data-testid="route-legend">
      {routes.map((route, r) => {
        const summary = evaluation?.routes[r];
        return (
          <li
            key={r}
            className={dropRoute === r ? 'legend-route drop-target' : 'legend-route'}
            aria-labelledby={`${names}-${r}`}
            data-testid={`legend-route-${r}`}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
              e.preventDefault();
              setDropRoute(r);
            }}
            onDragLeave={() => setDropRoute((d) => (d === r ? null : d))}
            onDrop={(e) => onDrop(e, r)}
          >
            <div className="legend-head">
              <span className="swatch" aria-hidden="true" style={{ background: routeColour(r) }} />
              <b id={`${names}-${r}`}>Route {r + 1}</b>
              <button
                className={focus === r ? 'btn btn-tiny focus-toggle active' : 'btn btn-tiny focus-toggle'}
                aria-pressed={focus === r}
                title={focus === r ? 'Show all routes' : 'Show only this route on the map'}
                aria-label={focus === r ? 'Show all routes' : `Show only route ${r + 1} on the map`}
                data-testid={`focus-route-${r}`}
                onClick={() => onFocus(focus === r ? null : r)}
              >
                {focus === r ? 'all' : 'only'}
              </button>
              {summary && (
                <span className="legend-stats" data-testid={`legend-stats-${r}`}>
                  {formatCount(summary.customers, 'stop')} · {units.distance(summary.length)} · load {formatNumber(summary.load)}
                  {exceedsCapacity(summary.load, instance.capacity) && <b className="text-bad"> (&gt; {instance.capacity})</b>} ·{' '}
                  {/* Under clock times, when the driver is out, as the driver sheet says; else the paper's duration t. */}
                  {instance.clockTimes ? `${units.moment(routeDeparture(summary, instance.depot.ready))}–` : ''}
                  {/* Back after the shift: the driver sheet's "BACK AFTER THE SHIFT ENDS", even where the policy allows it. */}
                  {backAfterShift(summary, instance.depot.due) ? (
                    <b
                      className="text-bad"
                      title={`back after the shift ends at ${units.time(instance.depot.due)}`}
                      data-testid={`legend-after-shift-${r}`}
                    >
                      {instance.clockTimes ? units.moment(summary.returnTime) : units.duration(summary.duration)} (after the shift)
                    </b>
                  ) : instance.clockTimes ? (
                    units.moment(summary.returnTime)
                  ) : (
                    units.duration(summary.duration)
                  )}
                </span>
              )}
            </div>
            <RouteStops
              route={route}
              r={r}
              colour={routeColour(r)}
              looks={looks}
              selected={selected}
              routes={routes}
              vehicles={instance.vehicles}
              onToggle={toggle}
              onDrop={onDrop}
              onMoveStop={onMoveStop}
              windowed={windowed}
            />
          </li>
        );
      })}
    </ol>
  );
}
