/**
 * Per-vehicle timeline (SVG): travel, wait, service, and early / late stretches (early bars that overlap stacked in
 * lanes, the row taller by them); late stops in red. A service block can be dragged onto another vehicle's row (or
 * along its own) to move the stop there.
 */
import { useCallback, useMemo, useRef, useState, type PointerEvent } from 'react';
import { type Evaluation, type Instance, type Variant, variantWaits } from '../../shared/domain.js';
import { unitsOf } from '../units.js';
import { useElementWidth } from '../hooks/use-element-width.js';
import { routeColour } from '../map/palette.js';
import { routeInk, TIMELINE_INK } from './gantt-ink.js';
import { axisLabel, axisTicks, earlyLanes, insertionIndex, routeSegments, timelineSpan } from './gantt-model.js';
import { depotWait } from './depot-wait.js';
import { GanttRow, LANE_STEP, type RowLayout } from './gantt-row.js';

interface Props {
  instance: Instance;
  evaluation: Evaluation;
  /** The plan's policy: a wait or earliness before a window, and whether the time a driver spends at the depot is priced (α). */
  variant: Pick<Variant, 'name' | 'alpha'>;
  selected: string | null;
  onSelect(id: string | null): void;
  onMoveStop(customerId: string, toRoute: number, position: number): void;
}

/** The legend's keys: drawn as the first route's bars are, and the wait's hatching as the rows show it. */
const KEY_ROUTE = routeInk(routeColour(0));
const WAIT_KEY = `repeating-linear-gradient(45deg, ${TIMELINE_INK.waitFill} 0 3px, ${TIMELINE_INK.waitStripe} 3px 5px)`;

const LABEL_W = 76;
const ROW_H = 26;
/** Room one axis label ("07:30") needs: a narrow timeline gets fewer ticks rather than labels run together. */
const TICK_LABEL_W = 56;
const AXIS_H = 22;
const PAD_R = 12;

interface Drag {
  customerId: string;
  x: number;
  y: number;
  moved: boolean;
}

export function Gantt({ instance, evaluation, variant: policy, selected, onSelect, onMoveStop }: Props) {
  const variant = policy.name;
  const depotText = depotWait(policy);
  const [host, width] = useElementWidth<HTMLDivElement>();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // Worked out when the plan or the width changes, not at every drawing: a selection moved draws the chart again.
  const customers = useMemo(() => new Map(instance.customers.map((c) => [c.id, c])), [instance.customers]);
  const lateIds = useMemo(
    () => new Set(evaluation.routes.flatMap((r) => r.stops.filter((s) => s.late > 0).map((s) => s.customerId))),
    [evaluation],
  );
  const rowOf = useMemo(() => new Map(evaluation.routes.flatMap((r, i) => r.stops.map((s) => [s.customerId, i] as const))), [evaluation]);
  const { start, end } = timelineSpan(evaluation.routes, instance.depot);
  const span = useMemo(() => ({ start, end }), [start, end]);
  const plotW = Math.max(100, width - LABEL_W - PAD_R);
  const x = useCallback((t: number) => LABEL_W + ((t - span.start) / (span.end - span.start)) * plotW, [span, plotW]);
  const timeAt = (px: number) => span.start + ((px - LABEL_W) / plotW) * (span.end - span.start);
  // Each row's bars, and its place: a row whose early bars take more than one lane is taller by the extra lanes.
  const { layout, rowsEnd } = useMemo(() => {
    const layout: RowLayout[] = [];
    let rowsEnd = AXIS_H;
    for (const route of evaluation.routes) {
      const segments = routeSegments(route, instance.depot.ready, customers, variant);
      const { lane, lanes } = earlyLanes(segments);
      const extra = (lanes - 1) * LANE_STEP;
      layout.push({ segments, lane, top: rowsEnd, extra, height: ROW_H + extra });
      rowsEnd += ROW_H + extra;
    }
    return { layout, rowsEnd };
  }, [evaluation, instance.depot.ready, customers, variant]);
  const height = rowsEnd + 6;
  /** The row at a height on the chart, or -1 above or below the rows. */
  const rowAt = (py: number) => layout.findIndex((row) => py >= row.top && py < row.top + row.height);
  const units = useMemo(() => unitsOf(instance), [instance]);
  const t = units.time;

  const local = useCallback((e: PointerEvent<Element>) => {
    const box = svg.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }, []);
  const grab = useCallback(
    (e: PointerEvent<SVGGElement>, customerId: string) => {
      e.currentTarget.ownerSVGElement?.setPointerCapture(e.pointerId);
      setDrag({ customerId, ...local(e), moved: false });
    },
    [local],
  );
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
            {layout.map((row, r) => (
              <GanttRow
                key={r}
                r={r}
                row={row}
                width={width}
                x={x}
                lateIds={lateIds}
                selected={selected !== null && rowOf.get(selected) === r ? selected : null}
                units={units}
                depotWait={depotText}
                isTarget={drag?.moved === true && rowAt(drag.y) === r}
                onGrab={grab}
              />
            ))}
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
        <span title={`The driver leaves as late as keeps the first stop's start; ${depotText.long}`}>
          <i className="key key-depot" style={{ borderTopColor: TIMELINE_INK.depotKey }} />
          at the depot ({depotText.short})
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
