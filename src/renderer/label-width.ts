/**
 * How wide a customer's id is drawn as a label, px: in 10 px bold, as on the map's markers and the timeline's service
 * blocks. Measured on a canvas in the page's own font (an estimate from the id's length was off by a third for wide
 * letters), once per id; estimated where no canvas draws (a page without one).
 */
const widths = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

function measurer(): CanvasRenderingContext2D | null {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) context.font = `700 10px ${getComputedStyle(document.documentElement).fontFamily}`;
  }
  return context;
}

export function labelWidth(id: string): number {
  let width = widths.get(id);
  if (width === undefined) {
    width = measurer()?.measureText(id).width ?? id.length * 7;
    widths.set(id, width);
  }
  return width;
}
