/**
 * One row per route, like the paper's plots: customers n, length l, load q, duration t; below, the stops as
 * chips that can be dragged onto another route (HTML drag and drop) or clicked to select; right after the selected
 * stop's chip, on a line of its own, the control to move it by keyboard.
 */
import { Fragment, useState, type DragEvent } from 'react';
import { type Evaluation, exceedsCapacity, type Instance, type Routes, routeDeparture, type VariantName } from '../../shared/domain.js';
import { formatCount, formatNumber } from '../format.js';
import { unitsOf } from '../units.js';
import { routeColour } from '../map/palette.js';
import { backAfterShift } from '../../shared/route-flags.js';
import { MoveStop } from './move-stop.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';
import { STOP_CONTROL } from './use-focus-moved-stop.js';

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

const DRAG_TYPE = 'application/x-jampr-stop';

export function RouteLegend({ instance, routes, evaluation, variant, selected, onSelect, onMoveStop, focus, onFocus }: Props) {
  const [dropRoute, setDropRoute] = useState<number | null>(null);
  const units = unitsOf(instance);
  // Each stop's times as the driver lives them (the timeline's and the driver sheet's), and its lateness.
  const stopInfo = new Map(
    evaluation?.routes.flatMap((r) =>
      r.stops.map((s, k) => [s.customerId, { ...stopAsDriven(r, k, instance.depot.ready, variant), late: s.late }] as const),
    ) ?? [],
  );
  const onDrop = (e: DragEvent, route: number, position?: number) => {
    const id = e.dataTransfer.getData(DRAG_TYPE);
    setDropRoute(null);
    if (!id) return;
    e.preventDefault();
    e.stopPropagation();
    onMoveStop(id, route, position);
  };
  return (
    <ol className="route-legend" data-testid="route-legend">
      {routes.map((route, r) => {
        const summary = evaluation?.routes[r];
        return (
          <li
            key={r}
            className={dropRoute === r ? 'legend-route drop-target' : 'legend-route'}
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
              <span className="swatch" style={{ background: routeColour(r) }} />
              <b>Route {r + 1}</b>
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
            <div className="legend-stops">
              {route.length === 0 && <span className="hint">empty — drop a stop here</span>}
              {route.map((id, i) => {
                const stop = stopInfo.get(id);
                const cls = ['stop-chip'];
                if (stop && stop.late > 0) cls.push('late');
                else if (stop && (stop.early > 0 || stop.wait > 0)) cls.push(stop.early > 0 ? 'early' : 'waits');
                if (id === selected) cls.push('selected');
                return (
                  <Fragment key={id}>
                    <button
                      {...{ [STOP_CONTROL]: id }}
                      className={cls.join(' ')}
                      style={{ borderColor: routeColour(r) }}
                      draggable
                      data-testid={`stop-chip-${id}`}
                      title={
                        stop
                          ? `arrive ${units.moment(stop.arrival)}${stop.late > 0 ? `, late by ${units.duration(stop.late)}` : ''}${stop.early > 0 ? `, early by ${units.duration(stop.early)}` : ''}${stop.wait > 0 ? `, waits ${units.duration(stop.wait)}` : ''}`
                          : undefined
                      }
                      onClick={() => onSelect(id === selected ? null : id)}
                      onDragStart={(e) => {
                        e.dataTransfer.setData(DRAG_TYPE, id);
                        e.dataTransfer.effectAllowed = 'move';
                      }}
                      onDragOver={(e) => e.dataTransfer.types.includes(DRAG_TYPE) && e.preventDefault()}
                      onDrop={(e) => onDrop(e, r, i)}
                    >
                      {id}
                    </button>
                    {/* Right after the chip, the next Tab from it, not after the rest of the route's chips (dozens of Tabs). */}
                    {id === selected && (
                      <MoveStop
                        key={selected}
                        routes={routes}
                        vehicles={instance.vehicles}
                        customerId={selected}
                        route={r}
                        onMove={onMoveStop}
                      />
                    )}
                  </Fragment>
                );
              })}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
