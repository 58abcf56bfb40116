/**
 * Another window or tab saved the day on screen since it was shown here (the history list says so: queries.ts reads
 * it by the days changed). Whenever nothing here is unsaved (nothing edited, or every edit undone) the stored
 * version is shown in place of the older one, its plan checked again against it, so this window never shows, plans
 * or edits an older version as if it were the saved one. Unsaved work stays, said to be of the older version
 * (`savedElsewhere`); its save then offers a copy. The notes (elsewhere-notes.tsx) and planning read this one rule.
 *
 * The undo history keeps, with each step, the version it was an edit of (use-workspace.ts): a step made before the
 * day was shown afresh here is, redone, an edit of the older version again, said so, and its Save refused as such.
 */
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { StoredInstance } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';
import { useApi } from '../hooks/use-api.js';
import { useRunner } from '../hooks/use-notices.js';
import { useInstanceList } from './queries.js';
import type { PlanEdit, ShownPlan } from './use-workspace.js';

export interface ShownDay {
  stored: StoredInstance | null;
  draft: Instance | null;
  edit: PlanEdit | null;
  plan: ShownPlan | null;
  /** Anything here that is not stored: edits of the day (not undone) or hand edits of the plan. */
  unsaved: boolean;
}

export interface ShowSaved {
  setStored: Dispatch<SetStateAction<StoredInstance | null>>;
  setDraft: Dispatch<SetStateAction<Instance | null>>;
  setPlanState: Dispatch<SetStateAction<ShownPlan | null>>;
}

export function useSavedElsewhere(day: ShownDay, { setStored, setDraft, setPlanState }: ShowSaved) {
  const api = useApi();
  const run = useRunner();
  const { stored, unsaved } = day;
  const { list } = useInstanceList();
  // The version the history lists of the day on screen, where it is newer than the one shown.
  const listedAt = stored ? list.find((s) => s.id === stored.id)?.updatedAt : undefined;
  const newer = stored && listedAt !== undefined && listedAt > stored.updatedAt ? listedAt : null;
  // Unsaved work here on a version another window has saved over since: said at once, not first when Save is refused.
  const savedElsewhere = unsaved && newer !== null;
  // The version another window saved, shown here in place of the one opened: said until this window saves, or shows
  // another day, or an older version again (a step undone or redone), and never while a newer one is stored.
  const [followed, setFollowed] = useState<{ id: number; updatedAt: string } | null>(null);
  const followedElsewhere = stored !== null && newer === null && followed?.id === stored.id && followed.updatedAt === stored.updatedAt;

  // What is on screen as the effect reads it, and after the read: an edit, undo or another day meanwhile wins.
  const shown = useRef(day);
  shown.current = day;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer version listed, or nothing unsaved any more, is the trigger
  useEffect(() => {
    if (!stored || newer === null || unsaved) return;
    const before = shown.current;
    void (async () => {
      const record = await run('Reload instance', () => api.call('instances:get', { id: stored.id }));
      const now = shown.current;
      if (!record || now.stored !== before.stored || now.draft !== before.draft || now.edit !== before.edit) return;
      setStored(record);
      setDraft(record.instance);
      setFollowed({ id: record.id, updatedAt: record.updatedAt });
      const { plan } = now;
      if (plan?.instanceId === record.id) {
        const rechecked = await run('Check plan', () => api.call('plans:get', { id: plan.id }));
        if (rechecked) setPlanState(rechecked);
      }
    })();
  }, [stored, newer, unsaved]);

  return { savedElsewhere, followedElsewhere };
}
