/**
 * A place's position as two editable cells of a settings grid, to type it (back) where a drag on the map put it
 * wrong: latitude then longitude on a lat/lon day, as maps and delivery notes give them, x then y on a planar one. The
 * instance keeps x = longitude. Each cell refuses what parseCoordinate refuses, with its message. A cell is as wide as
 * the longest value it shows (a sign, three digits of degrees, six decimals: "-122.332071"), which two such cells and
 * their headings beside the fleet's other cells did not leave room for: in the fleet settings each axis takes a row.
 * A position pasted or typed whole into either cell ("53.5511, 9.9937", a spreadsheet's two cells) moves the place to
 * both numbers at once, one edit, or to neither: a pair with one number refused changes nothing.
 */
import { parsePosition } from '../format.js';
import { EditableCell } from './editable-cell.js';

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
  onMove(x: number, y: number): void;
}

export function PositionCells({ at, geo, of, heading, testId, rowsSpanning, onMove }: Props) {
  const takePair = (pair: [string, string]) => {
    const parsed = parsePosition(pair, geo);
    if (!parsed.ok) return parsed.message;
    onMove(parsed.x, parsed.y);
    return null;
  };
  const head = (axis: string) => (heading ? `${heading} ${axis}` : axis[0].toUpperCase() + axis.slice(1));
  const [first, second] = geo
    ? [
        <EditableCell
          key="lat"
          label={`Latitude of ${of}`}
          kind="latitude"
          value={at.y}
          testId={`${testId}-lat`}
          span={rowsSpanning}
          onPair={takePair}
          onCommit={(lat) => onMove(at.x, lat)}
        />,
        <EditableCell
          key="lon"
          label={`Longitude of ${of}`}
          kind="longitude"
          value={at.x}
          testId={`${testId}-lon`}
          span={rowsSpanning}
          onPair={takePair}
          onCommit={(lon) => onMove(lon, at.y)}
        />,
      ]
    : [
        <EditableCell
          key="x"
          label={`x of ${of}`}
          kind="planar"
          value={at.x}
          testId={`${testId}-x`}
          span={rowsSpanning}
          onPair={takePair}
          onCommit={(x) => onMove(x, at.y)}
        />,
        <EditableCell
          key="y"
          label={`y of ${of}`}
          kind="planar"
          value={at.y}
          testId={`${testId}-y`}
          span={rowsSpanning}
          onPair={takePair}
          onCommit={(y) => onMove(at.x, y)}
        />,
      ];
  const [firstHead, secondHead] = geo ? [head('lat'), head('lon')] : [head('x'), head('y')];
  return rowsSpanning === undefined ? (
    <>
      <th>{firstHead}</th>
      {first}
      <th>{secondHead}</th>
      {second}
    </>
  ) : (
    <>
      <tr>
        <th>{firstHead}</th>
        {first}
      </tr>
      <tr>
        <th>{secondHead}</th>
        {second}
      </tr>
    </>
  );
}
