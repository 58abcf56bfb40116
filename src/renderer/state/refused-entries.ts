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
