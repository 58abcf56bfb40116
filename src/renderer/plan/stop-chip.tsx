/**
 * One stop of a route in the plan panel's legend: a chip that can be dragged onto another route (HTML drag and drop)
 * or clicked to select it. Drawn again only when its own props change: a day of 1,000 stops redraws two chips when
 * the selection moves, not 1,000 (every arrow key in the customer table moves it).
 */
import { type DragEvent, memo } from 'react';
import { STOP_CONTROL } from './use-focus-moved-stop.js';

/** The drag data's type of a stop's id, which the routes accept as a drop. */
export const STOP_DRAG_TYPE = 'application/x-jampr-stop';

/** How a stop's chip reads: late, early or waits (its class), and its times (its tooltip). */
export interface ChipLook {
  timing: 'late' | 'early' | 'waits' | null;
  title: string;
}

/** A chip's timing in words, as its colour shows it. */
const TIMING_WORDS: Record<NonNullable<ChipLook['timing']>, string> = { late: 'late', early: 'early', waits: 'waits' };

interface Props {
  id: string;
  route: number;
  position: number;
  colour: string;
  look: ChipLook | undefined;
  selected: boolean;
  /** Handlers that keep their identity from drawing to drawing, or every chip is drawn again. */
  onToggle(id: string, selected: boolean): void;
  onDrop(e: DragEvent, route: number, position?: number): void;
}

export const StopChip = memo(function StopChip({ id, route, position, colour, look, selected, onToggle, onDrop }: Props) {
  const cls = ['stop-chip'];
  if (look?.timing) cls.push(look.timing);
  // Read out with its place: "S2" alone did not say which route a chip is on, its colour being its only sign.
  const name = `${id}, stop ${position + 1} of route ${route + 1}${look?.timing ? `, ${TIMING_WORDS[look.timing]}` : ''}`;
  if (selected) cls.push('selected');
  return (
    <button
      {...{ [STOP_CONTROL]: id }}
      className={cls.join(' ')}
      style={{ borderColor: colour }}
      draggable
      data-testid={`stop-chip-${id}`}
      aria-label={name}
      title={look?.title}
      onClick={() => onToggle(id, selected)}
      // Escape on the selected stop's chip closes its move picker (move-stop.tsx), the keyboard staying on the chip.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !selected) return;
        e.preventDefault();
        onToggle(id, true);
      }}
      onDragStart={(e) => {
        e.dataTransfer.setData(STOP_DRAG_TYPE, id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => e.dataTransfer.types.includes(STOP_DRAG_TYPE) && e.preventDefault()}
      onDrop={(e) => onDrop(e, route, position)}
    >
      {id}
    </button>
  );
});
