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
import { routeColour } from '../map/palette.js';
import { ROW_BACKGROUNDS, routeInk, TIMELINE_INK } from './gantt-ink.js';
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

/** The legend's keys: drawn as the first route's bars are, and the wait's hatching as the rows show it. */
const KEY_ROUTE = routeInk(routeColour(0));
const WAIT_KEY = `repeating-linear-gradient(45deg, ${TIMELINE_INK.waitFill} 0 3px, ${TIMELINE_INK.waitStripe} 3px 5px)`;

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
                <rect width="6" height="6" fill={TIMELINE_INK.waitFill} />
                <line x1="0" y1="0" x2="0" y2="6" stroke={TIMELINE_INK.waitStripe} strokeWidth="2" />
              </pattern>
            </defs>
            {axisTicks(span.start, span.end, instance.clockTimes, Math.max(2, Math.floor(plotW / TICK_LABEL_W))).map((tick) => (
              <g key={tick} className="gantt-tick">
                <line x1={x(tick)} x2={x(tick)} y1={AXIS_H - 4} y2={height} />
                <text x={x(tick)} y={AXIS_H - 8} fill={TIMELINE_INK.axisText} textAnchor={x(tick) > width - PAD_R - 20 ? 'end' : 'middle'}>
                  {axisLabel(tick, span.end, instance.clockTimes, t)}
                </text>
              </g>
            ))}
            {instance.depot.due <= span.end && (
              <line
                className="gantt-shift-end"
                stroke={TIMELINE_INK.shiftEnd}
                x1={x(instance.depot.due)}
                x2={x(instance.depot.due)}
                y1={AXIS_H - 4}
                y2={height}
              >
                <title>Shift end {t(instance.depot.due)}</title>
              </line>
            )}
            {layout.map(({ segments, lane, top, extra, height: rowHeight }, r) => {
              // The row's bars below its lanes of early bars (the first lane is the row's own top line).
              const y = top + extra;
              const ink = routeInk(routeColour(r));
              const isTarget = drag?.moved && rowAt(drag.y) === r;
              return (
                <g key={r} data-testid={`gantt-row-${r}`} className={isTarget ? 'gantt-row drop-target' : 'gantt-row'}>
                  <rect className="gantt-row-bg" x={0} y={top} width={width} height={rowHeight} fill={ROW_BACKGROUNDS[r % 2]} />
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
          <i className="key key-depot" style={{ borderTopColor: TIMELINE_INK.depotKey }} />
          at the depot ({DEPOT_WAIT[variant].short})
        </span>
        <span>
          <i className="key key-travel" style={{ background: KEY_ROUTE.mark }} />
          travel
        </span>
        {/* What an arrival before its window is, by the policy (stop-as-driven.ts): a wait, or earliness served at once. */}
        {variantWaits(variant) ? (
          <span>
            <i className="key key-wait" style={{ background: WAIT_KEY }} />
            wait
          </span>
        ) : (
          <span>
            <i className="key key-early" style={{ background: TIMELINE_INK.early }} />
            early
          </span>
        )}
        <span>
          <i className="key key-service" style={{ background: KEY_ROUTE.fill, borderColor: KEY_ROUTE.mark }} />
          service
        </span>
        <span>
          <i className="key key-late" style={{ background: TIMELINE_INK.late }} />
          late
        </span>
        <span>
          <i className="key key-shift" style={{ borderTopColor: TIMELINE_INK.shiftEnd }} />
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
  ink: ReturnType<typeof routeInk>;
  late: boolean;
  selected: boolean;
  units: Units;
  variant: VariantName;
  onGrab(e: PointerEvent<SVGGElement>): void;
}

/** One bar of a vehicle's row; service blocks carry the stop's id and can be grabbed to move the stop. */
function SegmentShape({ segment: s, x, y, ink, late, selected, units, variant, onGrab }: SegmentProps) {
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
            at the depot until {units.moment(s.to)}, to start {s.customerId} as its window opens; {DEPOT_WAIT[variant].of(amount)}
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
          onPointerDown={onGrab}
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
