/**
 * A table's scrolling box, in a frame. The frame draws the border and, over the scrolling box's top edge, a strip of
 * the heading's background: at a fractional display scale (125 %, a browser zoom of 90 %) the edge falls inside a
 * device pixel, and there the rows scrolled under the sticky heading showed through a line above it. The strip lies
 * outside the scrolling box, so it is not clipped at that edge and covers the whole pixel.
 */
import type { ReactNode, Ref } from 'react';

interface Props {
  children: ReactNode;
  testId?: string;
  /** At most 260 px tall, beside other content. */
  short?: boolean;
  /** The scrolling box, for a table that draws only the rows in view (use-row-window.ts). */
  scrollRef?: Ref<HTMLDivElement>;
}

export function TableScroll({ children, testId, short, scrollRef }: Props) {
  return (
    <div className={short ? 'table-frame short' : 'table-frame'}>
      <div className="table-scroll" data-testid={testId} ref={scrollRef}>
        {children}
      </div>
    </div>
  );
}
