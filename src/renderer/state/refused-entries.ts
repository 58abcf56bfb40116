/**
 * Entries a table or fleet cell refused (it keeps the text on screen with its reason, and the instance keeps its
 * old value). Read from the page itself, which is what the dispatcher sees: planning or leaving the instance would
 * otherwise go on with the old value without a word.
 */
export function refusedEntry(): string | null {
  return refusedCell()?.said ?? null;
}

/** The cell that refused its entry, and what it holds in the dispatcher's words. */
function refusedCell(): { input: HTMLInputElement; said: string } | null {
  const input = document.querySelector<HTMLInputElement>('.cell-edit.has-error input');
  if (!input) return null;
  return { input, said: `${input.getAttribute('aria-label') ?? 'a cell'} holds “${input.value}”, which it refused` };
}

/**
 * Why saving or planning stops for a cell's refused entry (refusedEntry), and what to do, `then` being the action to
 * take again; null where no cell holds one. `hidden`: the cell's row is one the customer table's find box hides (kept
 * on the page, not shown: customer-table.tsx), which the message says, as the box is cleared to show it
 * (use-table-filter.ts): the dispatcher could not otherwise reach the cell it names.
 */
export function refusedEntryStop(then: 'save' | 'plan'): { message: string; input: HTMLInputElement; hidden: boolean } | null {
  const cell = refusedCell();
  if (!cell) return null;
  const fix = `correct it, or press Escape in it to keep the old value, then ${then} again`;
  const hidden = cell.input.closest('tr')?.hidden === true;
  const message = hidden ? `${cell.said}, in a row the find box hid: the box is cleared to show it; ${fix}` : `${cell.said}: ${fix}`;
  return { message, input: cell.input, hidden };
}

/**
 * A cell's text that is not in the day, in the dispatcher's words: refused (refusedEntry), or typed and not committed
 * yet (no Enter, no Tab). Leaving the day then would lose it as surely as an unsaved edit (EditableCell marks such a
 * field `data-held`). The one rule for every question asked before leaving: the browser's reload warning and the
 * app's "Discard?".
 */
export function heldEntryNote(): string | null {
  const refused = refusedEntry();
  if (refused) return refused;
  const input = document.querySelector<HTMLInputElement>('.cell-edit input[data-held]');
  if (!input) return null;
  return `${input.getAttribute('aria-label') ?? 'a cell'} holds “${input.value}”, typed and not entered yet`;
}

/** Whether a cell holds text that is not in the day (heldEntryNote). */
export function heldEntry(): boolean {
  return heldEntryNote() !== null;
}
