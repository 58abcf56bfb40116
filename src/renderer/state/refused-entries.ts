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
 * Whether a cell holds text that is not in the day: typed and not committed yet (no Enter, no Tab), or refused.
 * Leaving the page then would lose it as surely as an unsaved edit (EditableCell marks such a field `data-held`).
 */
export function heldEntry(): boolean {
  return document.querySelector('.cell-edit input[data-held]') !== null;
}
