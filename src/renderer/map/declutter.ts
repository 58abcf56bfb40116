/**
 * Which stop markers show their label (the customer's id) at the map's zoom: on a dense day seen whole, markers
 * overlap and their ids run into one another, unreadable. A label is shown where its box (the marker, or the id's
 * text where that is wider) overlaps no box whose label is already shown, taken in order of priority (the selected
 * stop first, then larger markers); the others are plain dots, named by their tooltip, until the map is zoomed in.
 */

export interface LabelBox {
  id: string;
  /** The marker's centre on screen, px. */
  x: number;
  y: number;
  /** The box's width and height, px. */
  width: number;
  height: number;
  /** Higher goes first. */
  priority: number;
}

/** Ids whose label is shown. A grid of cells as large as the largest box finds the neighbours to test against. */
export function labelsShown(boxes: readonly LabelBox[]): Set<string> {
  const cell = Math.max(1, ...boxes.map((b) => Math.max(b.width, b.height)));
  const grid = new Map<string, LabelBox[]>();
  const key = (cx: number, cy: number) => `${cx},${cy}`;
  const shown = new Set<string>();
  const ordered = [...boxes].sort((a, b) => b.priority - a.priority);
  for (const box of ordered) {
    const cx = Math.floor(box.x / cell);
    const cy = Math.floor(box.y / cell);
    let free = true;
    for (let dx = -1; dx <= 1 && free; dx++)
      for (let dy = -1; dy <= 1 && free; dy++)
        for (const other of grid.get(key(cx + dx, cy + dy)) ?? [])
          if (Math.abs(other.x - box.x) * 2 < other.width + box.width && Math.abs(other.y - box.y) * 2 < other.height + box.height) {
            free = false;
            break;
          }
    if (!free) continue;
    shown.add(box.id);
    const here = grid.get(key(cx, cy));
    if (here) here.push(box);
    else grid.set(key(cx, cy), [box]);
  }
  return shown;
}
