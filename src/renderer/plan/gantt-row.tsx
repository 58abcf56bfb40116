/**
 * One vehicle's row of the timeline (gantt.tsx) and its bars. A row is drawn again only when its own bars, its place,
 * its drop-target look or the selection on it change: moving the selection (an arrow key in the customer table)
 * draws the two rows it leaves and enters, not every row of a 1,000-stop day.
 */
import { memo, type PointerEvent } from 'react';
import type { Units } from '../units.js';
import { labelWidth } from '../label-width.js';
import { routeColour } from '../map/palette.js';
import { ROW_BACKGROUNDS, routeInk, TIMELINE_INK } from './gantt-ink.js';
import type { DepotWaitText } from './depot-wait.js';
import type { Segment } from './gantt-model.js';

/** A row's bars and its place: below its lanes of early bars, which make it taller (earlyLanes). */
export interface RowLayout {
  segments: Segment[];
  lane: number[];
  top: number;
  extra: number;
  height: number;
}

/** Each lane of early bars past a row's first (earlyLanes) makes the row this much taller: a 3 px bar and a gap. */
export const LANE_STEP = 4;
/** Room a service block keeps beside its id, px. */
const LABEL_ROOM = 4;

interface RowProps {
  r: number;
  row: RowLayout;
  width: number;
  x(t: number): number;
  lateIds: ReadonlySet<string>;
  /** The selected stop where it is on this row, else null. */
  selected: string | null;
  units: Units;
  /** What the cost makes of the time a driver spends at the depot, by the plan's policy (depot-wait.ts). */
  depotWait: DepotWaitText;
  /** A stop dragged over the row, to drop there. */
  isTarget: boolean;
  onGrab(e: PointerEvent<SVGGElement>, customerId: string): void;
}

export const GanttRow = memo(function GanttRow({ r, row, width, x, lateIds, selected, units, depotWait, isTarget, onGrab }: RowProps) {
  const { segments, lane, top, extra, height } = row;
  // The row's bars below its lanes of early bars (the first lane is the row's own top line).
  const y = top + extra;
  const ink = routeInk(routeColour(r));
  return (
    <g data-testid={`gantt-row-${r}`} className={isTarget ? 'gantt-row drop-target' : 'gantt-row'}>
      <rect className="gantt-row-bg" x={0} y={top} width={width} height={height} fill={ROW_BACKGROUNDS[r % 2]} />
      <rect x={6.5} y={y + 8.5} width={9} height={9} rx={2} fill={ink.fill} stroke={ink.mark} />
      <text className="gantt-label" x={20} y={y + 17} fill={TIMELINE_INK.routeName}>
        Route {r + 1}
      </text>
      <g clipPath="url(#gantt-plot)">
        {segments.map((segment, i) => (
          <SegmentShape
            key={i}
            segment={segment}
            x={x}
            y={segment.kind === 'early' ? top + lane[i] * LANE_STEP : y}
            ink={ink}
            late={lateIds.has(segment.customerId ?? '')}
            selected={segment.customerId === selected}
            units={units}
            depotWait={depotWait}
            onGrab={onGrab}
          />
        ))}
      </g>
    </g>
  );
});

interface SegmentProps {
  segment: Segment;
  x(t: number): number;
  y: number;
  ink: ReturnType<typeof routeInk>;
  late: boolean;
  selected: boolean;
  units: Units;
  depotWait: DepotWaitText;
  onGrab(e: PointerEvent<SVGGElement>, customerId: string): void;
}

/** One bar of a vehicle's row; service blocks carry the stop's id and can be grabbed to move the stop. */
function SegmentShape({ segment: s, x, y, ink, late, selected, units, depotWait, onGrab }: SegmentProps) {
  const sx = x(s.from);
  const sw = Math.max(1, x(s.to) - sx);
  const amount = units.duration(s.to - s.from);
  switch (s.kind) {
    case 'depot':
      return (
        // Dashed, in the route's colour as travel is drawn: told from travel by the dashes, not by a paler tint.
        <line
          className="seg-depot"
          data-testid={`gantt-depot-${s.customerId}`}
          x1={sx}
          x2={sx + sw}
          y1={y + 13}
          y2={y + 13}
          stroke={ink.mark}
          strokeWidth={2}
          strokeDasharray="4 3"
        >
          <title>
            at the depot until {units.moment(s.to)}, to start {s.customerId} as its window opens; {depotWait.of(amount)}
          </title>
        </line>
      );
    case 'travel':
      return <rect className="seg-travel" x={sx} y={y + 11.5} width={sw} height={3} fill={ink.mark} />;
    case 'wait':
      return (
        <rect className="seg-wait" x={sx} y={y + 6} width={sw} height={14} fill="url(#wait-hatch)">
          <title>
            wait {amount} before {s.customerId}
          </title>
        </rect>
      );
    case 'early':
      return (
        <rect
          className="seg-early"
          data-testid={`gantt-early-${s.customerId}`}
          x={sx}
          y={y + 2}
          width={sw}
          height={3}
          fill={TIMELINE_INK.early}
        >
          <title>
            {s.customerId} early by {amount}
          </title>
        </rect>
      );
    case 'late':
      return (
        <rect
          className="seg-late"
          data-testid={`gantt-late-${s.customerId}`}
          x={sx}
          y={y + 21}
          width={sw}
          height={3}
          fill={TIMELINE_INK.late}
        >
          <title>
            {s.customerId} late by {amount}
          </title>
        </rect>
      );
    case 'service':
      return (
        <g
          className={`seg-service${late ? ' is-late' : ''}${selected ? ' is-selected' : ''}`}
          data-testid={`gantt-stop-${s.customerId}`}
          onPointerDown={(e) => onGrab(e, s.customerId!)}
        >
          {/* Its edge drawn inside the block's 16 px, so that the block covers what it did (the early bars' lanes above it). */}
          <rect x={sx + 0.5} y={y + 5.5} width={Math.max(0, sw - 1)} height={15} rx={2} fill={ink.fill} stroke={ink.mark} />
          {/* Only an id that fits its block: a longer one ran into the next stop's (its title names it). */}
          {labelWidth(s.customerId!) + LABEL_ROOM <= sw && (
            <text x={sx + sw / 2} y={y + 17} textAnchor="middle" fill={ink.text}>
              {s.customerId}
            </text>
          )}
          <title>
            {s.customerId}: service {units.moment(s.from)}–{units.moment(s.to)}
            {late ? ' (late)' : ''}
          </title>
        </g>
      );
  }
}
