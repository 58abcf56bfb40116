/**
 * A place's position as two editable cells of a settings grid, to type it (back) where a drag on the map put it
 * wrong: latitude then longitude on a lat/lon day, as maps and delivery notes give them, x then y on a planar one. The
 * instance keeps x = longitude. Each cell refuses what parseCoordinate refuses, with its message.
 */
import { EditableCell } from './editable-cell.js';

interface Props {
  at: { x: number; y: number };
  geo: boolean;
  /** Whose position, in the cells' accessible names: "the depot", "customer S3". */
  of: string;
  /** The headings' first word ("Depot" reads "Depot lat"); none for plain "Lat", "Lon". */
  heading?: string;
  testId: string;
  onMove(x: number, y: number): void;
}

export function PositionCells({ at, geo, of, heading, testId, onMove }: Props) {
  const head = (axis: string) => (heading ? `${heading} ${axis}` : axis[0].toUpperCase() + axis.slice(1));
  return geo ? (
    <>
      <th>{head('lat')}</th>
      <EditableCell
        label={`Latitude of ${of}`}
        kind="latitude"
        value={at.y}
        testId={`${testId}-lat`}
        onCommit={(lat) => onMove(at.x, lat)}
      />
      <th>{head('lon')}</th>
      <EditableCell
        label={`Longitude of ${of}`}
        kind="longitude"
        value={at.x}
        testId={`${testId}-lon`}
        onCommit={(lon) => onMove(lon, at.y)}
      />
    </>
  ) : (
    <>
      <th>{head('x')}</th>
      <EditableCell label={`x of ${of}`} kind="planar" value={at.x} testId={`${testId}-x`} onCommit={(x) => onMove(x, at.y)} />
      <th>{head('y')}</th>
      <EditableCell label={`y of ${of}`} kind="planar" value={at.y} testId={`${testId}-y`} onCommit={(y) => onMove(at.x, y)} />
    </>
  );
}
