/**
 * A place's position as two editable cells of a settings grid, to type it (back) where a drag on the map put it
 * wrong: latitude then longitude on a lat/lon day, as maps and delivery notes give them, x then y on a planar one. The
 * instance keeps x = longitude. Both kinds of day are one table of axes (positionAxes in format.ts) drawn by one cell.
 * Each cell refuses what parseCoordinate refuses, with its message. A cell is as wide as the longest value it shows (a
 * sign, three digits of degrees, six decimals: "-122.332071"), which two such cells and their headings beside the
 * fleet's other cells did not leave room for: in the fleet settings each axis takes a row.
 * A position pasted or typed whole into either cell ("53.5511, 9.9937", a spreadsheet's two cells) moves the place to
 * both numbers at once, one edit, or to neither: a pair with one number refused changes nothing, and so does a lat/lon
 * pair written longitude first, both numbers within ±90° ("9.9937, 53.5511" on a Hamburg day), which lies far from the
 * places it is judged by where the other way round it lies near (lonFirstReading in shared/far-from-depot.ts). A column
 * pasted down both cells enters them one after the other as one undo step (`step`), each moving its axis only.
 * Typed one cell at a time, a pair cannot be refused (the first cell typed leaves a place that is neither reading): the
 * place the cells leave is judged by the same rule once one is typed, and warned about in the same words, the edit
 * standing (useLonFirstAfterTyping).
 */
import { useState } from 'react';
import { type LonFirst, lonFirstReading } from '../../shared/far-from-depot.js';
import { messageNumber } from '../../shared/number-text.js';
import { positionText } from '../../shared/position-text.js';
import { formatCoordinateForEdit, type PositionAxis, parsePosition, positionAxes } from '../format.js';
import { EditableCell } from './editable-cell.js';

/** The places a pair typed for this one is judged by, and how a message names the nearest ("the depot"). */
export interface JudgedBy {
  places: readonly { x: number; y: number }[];
  nearest: string;
}

interface Props {
  at: { x: number; y: number };
  geo: boolean;
  /** Whose position, in the cells' accessible names: "the depot", "customer S3". */
  of: string;
  /** The headings' first word ("Depot" reads "Depot lat"); none for plain "Lat", "Lon". */
  heading?: string;
  testId: string;
  /** Each axis on a row of its own, its cell spanning this many of the grid's columns; unset: both in the row around. */
  rowsSpanning?: number;
  /** On a lat/lon day: the depot, for a customer; the day's stops, for the depot. */
  judgedBy?: JudgedBy;
  /**
   * The place moved to the axes given, an axis not given kept where the day has it when the move applies (not where
   * this render saw it: the cells of a pasted column enter one after the other before the next). `step` names the undo
   * step the move joins (every cell of one pasted block makes one).
   */
  onMove(to: MovedTo, step?: string): void;
  /** A cell's own number moved the place (`alone`: the axis it moved), or a pair typed whole did (null). */
  onTyped?(alone: MovedTo | null): void;
}

/** The axes a position's cells moved a place to: both for a pair, one for a cell. */
export type MovedTo = { x: number; y: number } | { x: number; y?: undefined } | { x?: undefined; y: number };

/** Why a pair written longitude first is refused: how far it lies, and the reading that lies near. */
export const lonFirstMessage = (at: { x: number; y: number }, { swapped, km }: LonFirst, nearest: string): string =>
  `${positionText(at, true)} lies ${messageNumber(Math.round(km))} km from ${nearest}: it looks like longitude first; ` +
  `latitude first it is ${positionText(swapped, true)}`;

/**
 * The warning on a place whose cells were typed one at a time into a pair written longitude first: where the place
 * they leave lies far from the places it is judged by and the other way round near one (lonFirstReading, the rule that
 * refuses such a pair typed whole, and the add dialog's), its words (lonFirstMessage); null otherwise, and until a cell
 * of this place (`whose`) is typed alone. The edit stands: a stop may lie that far. Typed right, it goes; and with the
 * edit it is about: where an axis no longer shows the number last typed into its cell (an Undo, a drag), the place is
 * no longer the one typed, and nothing is said until a cell is typed again.
 */
export function useLonFirstAfterTyping(
  at: { x: number; y: number },
  geo: boolean,
  judgedBy: JudgedBy | undefined,
  whose: string,
): { warning: string | null; onTyped(alone: MovedTo | null): void } {
  // The axes typed alone into this place's cells, as a cell shows them (a number typed as shown may be kept with more
  // decimals: typedPosition); none once a pair is typed whole.
  const [typed, setTyped] = useState<{ whose: string; x?: string; y?: string } | null>(null);
  const stands = (axis: 'x' | 'y') => typed?.[axis] === undefined || typed[axis] === formatCoordinateForEdit(at[axis]);
  const asTyped = typed?.whose === whose && stands('x') && stands('y');
  const lonFirst = asTyped && geo && judgedBy ? lonFirstReading(at, judgedBy.places) : null;
  return {
    warning: lonFirst && judgedBy ? lonFirstMessage(at, lonFirst, judgedBy.nearest) : null,
    // An updater: the cells of a pasted column are typed one after the other before the next render.
    onTyped: (alone) =>
      setTyped((was) =>
        alone === null
          ? null
          : {
              ...(was?.whose === whose ? was : {}),
              whose,
              ...(alone.x === undefined ? {} : { x: formatCoordinateForEdit(alone.x) }),
              ...(alone.y === undefined ? {} : { y: formatCoordinateForEdit(alone.y) }),
            },
      ),
  };
}

/** The warning of useLonFirstAfterTyping, under the cells; nothing without one. */
export function LonFirstWarning({ warning, testId }: { warning: string | null; testId: string }) {
  if (!warning) return null;
  return (
    <p className="note note-warn" role="status" data-testid={testId}>
      {warning}
    </p>
  );
}

export function PositionCells({ geo, rowsSpanning, judgedBy, onMove, onTyped, ...cell }: Props) {
  const takePair = (pair: [string, string], step?: string) => {
    const parsed = parsePosition(pair, geo);
    if (!parsed.ok) return parsed.message;
    const lonFirst = geo && judgedBy ? lonFirstReading(parsed, judgedBy.places) : null;
    if (lonFirst) return lonFirstMessage(parsed, lonFirst, judgedBy!.nearest);
    onMove({ x: parsed.x, y: parsed.y }, step);
    onTyped?.(null);
    return null;
  };
  const moveAxis = (to: MovedTo, step?: string) => {
    onMove(to, step);
    onTyped?.(to);
  };
  return (
    <>
      {positionAxes(geo).map((axis) => (
        <AxisCell key={axis.key} axis={axis} {...cell} span={rowsSpanning} onMove={moveAxis} onPair={takePair} />
      ))}
    </>
  );
}

interface AxisProps extends Pick<Props, 'at' | 'of' | 'heading' | 'testId' | 'onMove'> {
  axis: PositionAxis;
  span: number | undefined;
  onPair(pair: [string, string], step?: string): string | null;
}

/** One axis's heading and cell: in the row around, or (spanning) on a row of its own. */
function AxisCell({ axis, at, of, heading, testId, span, onMove, onPair }: AxisProps) {
  const cells = (
    <>
      <th>{heading ? `${heading} ${axis.key}` : axis.key[0].toUpperCase() + axis.key.slice(1)}</th>
      <EditableCell
        label={`${axis.label} of ${of}`}
        kind={axis.kind}
        value={at[axis.field]}
        testId={`${testId}-${axis.key}`}
        span={span}
        onPair={onPair}
        onCommit={(value, step) => onMove(axis.field === 'x' ? { x: value } : { y: value }, step)}
      />
    </>
  );
  return span === undefined ? cells : <tr>{cells}</tr>;
}
