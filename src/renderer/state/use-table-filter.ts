/**
 * The customer table's find box (customer-filter.tsx): which customers the table shows and the map leaves unfaded,
 * never what the day holds. It belongs to the day it was typed on: a different day opened (or a new one started)
 * shows every customer, not "3 of 80" of a filter the dispatcher typed on another day; the same day opened again (one
 * of its plans, from the history) keeps it, and so does a save.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { refusedEntryStop } from './refused-entries.js';

/** `opened`: counts the days put on screen (use-workspace.ts); `dayId`: the stored day on screen, null for a new one. */
export function useTableFilter(opened: number, dayId: number | null) {
  const [filter, setFilter] = useState('');
  const dayBefore = useRef(dayId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a day put on screen is the trigger; a save changes dayId alone
  useEffect(() => {
    // Runs before the effect below keeps the new id: dayBefore is the day that was on screen before this one.
    if (dayId === null || dayId !== dayBefore.current) setFilter('');
  }, [opened]);
  useEffect(() => {
    dayBefore.current = dayId;
  }, [dayId]);

  /** The cell to give the keyboard once the box is cleared and its row shows again. */
  const focusAfter = useRef<HTMLInputElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cleared box is the trigger; the cell is read through the ref
  useEffect(() => {
    focusAfter.current?.focus();
    focusAfter.current = null;
  }, [filter]);

  /**
   * Why saving or planning stops for a cell's refused entry (refusedEntryStop), or null where none does. Where the box
   * hides its row, the box is cleared and the cell given the keyboard (which selects its customer): the message names
   * a cell the dispatcher could not otherwise reach.
   */
  const stopForRefusedEntry = useCallback((then: 'save' | 'plan'): string | null => {
    const stop = refusedEntryStop(then);
    if (!stop) return null;
    if (stop.hidden) {
      focusAfter.current = stop.input;
      setFilter('');
    }
    return stop.message;
  }, []);

  return { filter, setFilter, stopForRefusedEntry };
}
