/**
 * What the driver sheets say after a PDF export that holds names or addresses its font cannot print (CJK: the
 * embedded DejaVu has no glyphs for them, sheet-fonts.ts): which stops, a few by name, and what to do instead.
 */
import { formatCount } from '../format.js';

/** Named in the notice; past these, "and N more". */
const NAMED = 3;

export function unprintableNotice(stops: readonly { id: string; name: string }[]): string | null {
  if (stops.length === 0) return null;
  const named = stops.slice(0, NAMED).map((s) => (s.name ? `${s.id} ${s.name}` : s.id));
  const more = stops.length > NAMED ? ` and ${stops.length - NAMED} more` : '';
  const one = stops.length === 1;
  return (
    `${formatCount(stops.length, 'stop')} (${named.join(', ')}${more}) ${one ? 'has' : 'have'} a name or address ` +
    "with characters the PDF's font cannot print: the PDF shows them as � marks. " +
    "Use Print instead: it sets the sheets in this computer's own fonts, which print them where one has these characters."
  );
}
