/**
 * Per-vehicle timeline (SVG): travel, wait, service, and early / late stretches (early bars that overlap stacked in
 * lanes, the row taller by them); late stops in red. A service block can be dragged onto another vehicle's row (or
 * along its own) to move the stop there.
 */
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import { type Evaluation, type Instance, type VariantName, variantWaits } from '../../shared/domain.js';
import { type Units, unitsOf } from '../units.js';
import { useElementWidth } from '../hooks/use-element-width.js';
import { labelWidth } from '../label-width.js';
import { LATE_COLOUR, routeColour } from '../map/palette.js';
import { axisLabel, axisTicks, earlyLanes, insertionIndex, routeSegments, timelineSpan, type Segment } from './gantt-model.js';

interface Props {
  instance: Instance;
  evaluation: Evaluation;
  /** The plan's policy: whether the time a driver spends at the depot before the first stop is priced. */
  variant: VariantName;
  selected: string | null;
  onSelect(id: string | null): void;
  onMoveStop(customerId: string, toRoute: number, position: number): void;
}

/**
 * What the cost makes of a driver's time at the depot before the first stop (docs/cost.md): vehicles leave at the
 * shift start, so it is the first stop's wait, priced under hard windows and free under partly soft ones; under soft
 * windows a vehicle never waits (it serves at once, early at a price), so there is no such time.
 */
const DEPOT_WAIT: Record<VariantName, { short: string; long: string; of(amount: string): string }> = {
  tw1: { short: 'priced as wait', long: "the plan's cost counts this time as waiting", of: (a) => `the cost counts these ${a} as waiting` },
  tw2: {
    short: 'waiting is free',
    long: 'waiting is free under partly soft windows',
    of: (a) => `these ${a} of waiting cost nothing under partly soft windows`,
  },
  tw3: { short: 'not priced', long: 'under soft windows the first stop is served at once', of: (a) => `${a}, not priced` },
};

const LABEL_W = 76;
const ROW_H = 26;
/** Each lane of early bars past a row's first (earlyLanes) makes the row this much taller: a 3 px bar and a gap. */
const LANE_STEP = 4;
/** Room one axis label ("07:30") needs: a narrow timeline gets fewer ticks rather than labels run together. */
const TICK_LABEL_W = 56;
const AXIS_H = 22;
const PAD_R = 12;
/** Room a service block keeps beside its id, px. */
const LABEL_ROOM = 4;

interface Drag {
  customerId: string;
  x: number;
  y: number;
  moved: boolean;
}

export function Gantt({ instance, evaluation, variant, selected, onSelect, onMoveStop }: Props) {
  const [host, width] = useElementWidth<HTMLDivElement>();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const customers = useMemo(() => new Map(instance.customers.map((c) => [c.id, c])), [instance.customers]);
  const lateIds = new Set(evaluation.routes.flatMap((r) => r.stops.filter((s) => s.late > 0).map((s) => s.customerId)));
  const span = timelineSpan(evaluation.routes, instance.depot);
  const plotW = Math.max(100, width - LABEL_W - PAD_R);
  const x = (t: number) => LABEL_W + ((t - span.start) / (span.end - span.start)) * plotW;
  const timeAt = (px: number) => span.start + ((px - LABEL_W) / plotW) * (span.end - span.start);
  // Each row's bars, and its place: a row whose early bars take more than one lane is taller by the extra lanes.
  const layout: { segments: Segment[]; lane: number[]; top: number; extra: number; height: number }[] = [];
  let rowsEnd = AXIS_H;
  for (const route of evaluation.routes) {
    const segments = routeSegments(route, instance.depot.ready, customers, variant);
    const { lane, lanes } = earlyLanes(segments);
    const extra = (lanes - 1) * LANE_STEP;
    layout.push({ segments, lane, top: rowsEnd, extra, height: ROW_H + extra });
    rowsEnd += ROW_H + extra;
  }
  const height = rowsEnd + 6;
  /** The row at a height on the chart, or -1 above or below the rows. */
  const rowAt = (py: number) => layout.findIndex((row) => py >= row.top && py < row.top + row.height);
  const units = unitsOf(instance);
  const t = units.time;

  const local = (e: PointerEvent<Element>) => {
    const box = svg.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!drag) return;
    const p = local(e);
    setDrag({ ...drag, ...p, moved: drag.moved || Math.abs(p.y - drag.y) > 3 || Math.abs(p.x - drag.x) > 3 });
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!drag) return;
    setDrag(null);
    if (!drag.moved) {
      onSelect(drag.customerId === selected ? null : drag.customerId);
      return;
    }
    const p = local(e);
    const row = rowAt(p.y);
    if (row < 0) return;
    onMoveStop(drag.customerId, row, insertionIndex(evaluation.routes[row], timeAt(p.x)));
  };

  return (
    <div className="gantt" data-testid="gantt">
      {/* The rows scroll under a legend that stays whole: scrolled with them, its second line was cut off below. */}
      <div className="gantt-rows" ref={host} data-testid="gantt-rows">
        {width > 0 && (
          <svg
            ref={svg}
            width={width}
            height={height}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerLeave={() => setDrag(null)}
            className={drag?.moved ? 'dragging' : undefined}
            role="img"
            aria-label="Vehicle timeline"
          >
            <defs>
              <clipPath id="gantt-plot">
                <rect x={LABEL_W} y={0} width={plotW} height={height} />
              </clipPath>
              <pattern id="wait-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#eef1f5" />
                <line x1="0" y1="0" x2="0" y2="6" stroke="#a3adbb" strokeWidth="2" />
              </pattern>
            </defs>
            {axisTicks(span.start, span.end, instance.clockTimes, Math.max(2, Math.floor(plotW / TICK_LABEL_W))).map((tick) => (
              <g key={tick} className="gantt-tick">
                <line x1={x(tick)} x2={x(tick)} y1={AXIS_H - 4} y2={height} />
                <text x={x(tick)} y={AXIS_H - 8} textAnchor={x(tick) > width - PAD_R - 20 ? 'end' : 'middle'}>
                  {axisLabel(tick, span.end, instance.clockTimes, t)}
                </text>
              </g>
            ))}
            {instance.depot.due <= span.end && (
              <line className="gantt-shift-end" x1={x(instance.depot.due)} x2={x(instance.depot.due)} y1={AXIS_H - 4} y2={height}>
                <title>Shift end {t(instance.depot.due)}</title>
              </line>
            )}
            {layout.map(({ segments, lane, top, extra, height: rowHeight }, r) => {
              // The row's bars below its lanes of early bars (the first lane is the row's own top line).
              const y = top + extra;
              const colour = routeColour(r);
              const isTarget = drag?.moved && rowAt(drag.y) === r;
              return (
                <g key={r} data-testid={`gantt-row-${r}`} className={isTarget ? 'gantt-row drop-target' : 'gantt-row'}>
                  <rect className="gantt-row-bg" x={0} y={top} width={width} height={rowHeight} />
                  <rect x={6} y={y + 8} width={10} height={10} rx={2} fill={colour} />
                  <text className="gantt-label" x={20} y={y + 17}>
                    Route {r + 1}
                  </text>
                  <g clipPath="url(#gantt-plot)">
                    {segments.map((segment, i) => (
                      <SegmentShape
                        key={i}
                        segment={segment}
                        x={x}
                        y={segment.kind === 'early' ? top + lane[i] * LANE_STEP : y}
                        colour={colour}
                        late={lateIds.has(segment.customerId ?? '')}
                        selected={segment.customerId === selected}
                        units={units}
                        variant={variant}
                        onGrab={(e) => {
                          e.currentTarget.ownerSVGElement?.setPointerCapture(e.pointerId);
                          setDrag({ customerId: segment.customerId!, ...local(e), moved: false });
                        }}
                      />
                    ))}
                  </g>
                </g>
              );
            })}
            {drag?.moved && (
              <g className="gantt-ghost" pointerEvents="none">
                <line x1={drag.x} x2={drag.x} y1={AXIS_H} y2={height} />
                <text x={drag.x + 4} y={Math.max(AXIS_H + 12, drag.y)}>
                  move {drag.customerId}
                </text>
              </g>
            )}
          </svg>
        )}
      </div>
      <div className="gantt-legend" data-testid="gantt-legend">
        <span title={`The driver leaves as late as keeps the first stop's start; ${DEPOT_WAIT[variant].long}`}>
          <i className="key key-depot" />
          at the depot ({DEPOT_WAIT[variant].short})
        </span>
        <span>
          <i className="key key-travel" />
          travel
        </span>
        {/* What an arrival before its window is, by the policy (stop-as-driven.ts): a wait, or earliness served at once. */}
        {variantWaits(variant) ? (
          <span>
            <i className="key key-wait" />
            wait
          </span>
        ) : (
          <span>
            <i className="key key-early" />
            early
          </span>
        )}
        <span>
          <i className="key key-service" />
          service
        </span>
        <span>
          <i className="key key-late" />
          late
        </span>
        <span>
          <i className="key key-shift" />
          shift end ({t(instance.depot.due)}
          {instance.depot.due > span.end ? ', later than shown' : ''})
        </span>
        {/* The keyboard's way too (a chip selected shows the move picker right after it), in a line at 1024 px. */}
        <span className="hint" data-testid="gantt-move-hint">
          Drag a stop onto another vehicle to move it, or select its chip under Routes and use the move picker.
        </span>
      </div>
    </div>
  );
}

interface SegmentProps {
  segment: Segment;
  x(t: number): number;
  y: number;
  colour: string;
  late: boolean;
  selected: boolean;
  units: Units;
  variant: VariantName;
  onGrab(e: PointerEvent<SVGGElement>): void;
}

/** One bar of a vehicle's row; service blocks carry the stop's id and can be grabbed to move the stop. */
function SegmentShape({ segment: s, x, y, colour, late, selected, units, variant, onGrab }: SegmentProps) {
  const sx = x(s.from);
  const sw = Math.max(1, x(s.to) - sx);
  const amount = units.duration(s.to - s.from);
  switch (s.kind) {
    case 'depot':
      return (
        <rect className="seg-depot" data-testid={`gantt-depot-${s.customerId}`} x={sx} y={y + 12} width={sw} height={2} fill={colour}>
          <title>
            at the depot until {units.moment(s.to)}, to start {s.customerId} as its window opens; {DEPOT_WAIT[variant].of(amount)}
          </title>
        </rect>
      );
    case 'travel':
      return <rect className="seg-travel" x={sx} y={y + 11} width={sw} height={4} fill={colour} />;
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
        <rect className="seg-early" data-testid={`gantt-early-${s.customerId}`} x={sx} y={y + 2} width={sw} height={3}>
          <title>
            {s.customerId} early by {amount}
          </title>
        </rect>
      );
    case 'late':
      return (
        <rect className="seg-late" data-testid={`gantt-late-${s.customerId}`} x={sx} y={y + 21} width={sw} height={3} fill={LATE_COLOUR}>
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
          onPointerDown={onGrab}
        >
          <rect x={sx} y={y + 5} width={sw} height={16} rx={2} fill={colour} />
          {/* Only an id that fits its block: a longer one ran into the next stop's (its title names it). */}
          {labelWidth(s.customerId!) + LABEL_ROOM <= sw && (
            <text x={sx + sw / 2} y={y + 17} textAnchor="middle">
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
