/**
 * Entries a table or fleet cell refused (it keeps the text on screen with its reason, and the instance keeps its
 * old value). Read from the page itself, which is what the dispatcher sees: planning or leaving the instance would
 * otherwise go on with the old value without a word.
 */
export function refusedEntry(): string | null {
  const input = document.querySelector<HTMLInputElement>('.cell-edit.has-error input');
  if (!input) return null;
  return `${input.getAttribute('aria-label') ?? 'a cell'} holds “${input.value}”, which it refused`;
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
