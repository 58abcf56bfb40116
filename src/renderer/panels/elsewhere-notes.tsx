/**
 * What another window or tab did to the day on screen, said above its fleet and customers: deleted there (it stays
 * here, edits and all, and can be kept as a new day), saved there over unsaved edits here (the saved version can be
 * loaded, asking first), or saved there and shown here in its place.
 */
import { copyName } from '../../shared/copy-name.js';
import type { Workspace } from '../state/use-workspace.js';

export function ElsewhereNotes({ ws }: { ws: Workspace }) {
  const stored = ws.stored;
  if (!stored) return null;
  const name = stored.instance.name;
  const unsaved = ws.dirty || ws.edit !== null;
  if (ws.deletedElsewhere) {
    return (
      <p className="note note-warn" data-testid="deleted-elsewhere">
        “{name}” was deleted in another window.{' '}
        {unsaved ? 'Your edits are kept here, unsaved' : 'It stays open here until you open something else'}: Save as new day keeps{' '}
        {unsaved ? 'them' : 'it'} as “{copyName(name)}”.{' '}
        <button type="button" className="btn btn-small" data-testid="save-as-new-day" onClick={() => void ws.saveAsNewDay()}>
          Save as new day
        </button>
      </p>
    );
  }
  if (ws.savedElsewhere) {
    return (
      <p className="note note-warn" data-testid="saved-elsewhere">
        “{name}” was saved in another tab or window since you opened it here: your unsaved edits are of the older version. Save offers to
        keep them as a copy; Open the saved version shows the other one (it asks before your edits go).{' '}
        <button type="button" className="btn btn-small" data-testid="open-saved-version" onClick={() => void ws.open(stored.id)}>
          Open the saved version
        </button>
      </p>
    );
  }
  if (ws.followedElsewhere) {
    return (
      <p className="note" data-testid="followed-elsewhere">
        “{name}” was saved in another tab or window: this is the version saved there.
      </p>
    );
  }
  return null;
}
