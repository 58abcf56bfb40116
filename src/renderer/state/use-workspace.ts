/**
 * The dispatcher's workspace: the instance being edited (a draft beside the stored copy), the selected customer,
 * the plan on screen and any hand edits of it. One hook so the map, the table and the plan panel stay in sync.
 * Edits go through `editDraft` and `changeEdit`, which can be undone; anything that would drop unsaved edits
 * (opening another instance or plan, New, an import, leaving the page) asks first.
 */
import { useCallback, useMemo, useState } from 'react';
import type { PlannedPlan, SavedEdit, StoredInstance } from '../../shared/api.js';
import type { Evaluation, Instance, Routes } from '../../shared/domain.js';
import { type AppErrorData, inputError } from '../../shared/errors.js';
import { copyName } from '../../shared/copy-name.js';
import { samePlanningData } from '../../shared/planning-data.js';
import { useApi } from '../hooks/use-api.js';
import { useLeaveWarning } from '../hooks/use-leave-warning.js';
import { useNotices, useRunner } from '../hooks/use-notices.js';
import { hasEdits, sameInstance } from './draft.js';
import { useStoredDataChanged } from './queries.js';
import { type DoneElsewhere, doneElsewhere, editsOfChangedDayQuestion, saveAsCopyQuestion } from './elsewhere-questions.js';
import { keepPlanOn } from './keep-plan.js';
import { heldEntry, heldEntryNote } from './refused-entries.js';
import { useDeletedElsewhere } from './use-deleted-elsewhere.js';
import { useReopenLastOpened } from './use-reopen-last-opened.js';
import { useSavedElsewhere } from './use-saved-elsewhere.js';
import { useTableFilter } from './use-table-filter.js';
import { useUndoHistory } from './use-undo-history.js';
import { movedBySave, sameStep } from './undo-steps.js';

/** The actions a save is reported under: Save itself, and the saves planning and comparing make first. */
export const SAVE_ACTIONS = ['Save instance', 'Save before planning', 'Save before comparing'] as const;
/** The action a Save stopped by a cell's refused entry is reported under (it goes with the next save). */
const REFUSED_SAVE = 'Saving';

/**
 * The plan on screen: as stored, or as the save of hand edits answered (which says where their plan was deleted since),
 * or as planning answered (which says where its day was deleted while it was planned).
 */
export type ShownPlan = SavedEdit & Pick<PlannedPlan, 'dayDeleted'>;

export interface PlanEdit {
  routes: Routes;
  /** The check-mode score of `routes`; null while it is being computed. */
  evaluation: Evaluation | null;
  /** The saved version of the instance (its updatedAt) the score was computed on: a later save scores again. */
  scoredOn?: string;
  /**
   * The check was refused because the day was deleted in another window: the routes have no score, and Save edited
   * plan offers to keep them, with the day, as a new day (use-plan-editing.ts).
   */
  dayGone?: true;
}

/** One undo step (undo-steps.ts): `base` is the stored version `draft` is an edit of (null: a day never saved). */
interface UndoStep {
  draft: Instance | null;
  edit: PlanEdit | null;
  base: StoredInstance | null;
}

export function useWorkspace() {
  const api = useApi();
  const run = useRunner();
  const { dismissAction, report } = useNotices();
  const [stored, setStored] = useState<StoredInstance | null>(null);
  const [draft, setDraft] = useState<Instance | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [plan, setPlanState] = useState<ShownPlan | null>(null);
  const [edit, setEdit] = useState<PlanEdit | null>(null);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  /** Counts instances put on screen (opened, started, closed): a save or a reload of the same one does not count. */
  const [opened, setOpened] = useState(0);
  const { filter, setFilter, stopForRefusedEntry } = useTableFilter(opened, stored?.id ?? null);
  const { instances: storedChanged } = useStoredDataChanged();
  const restore = useCallback((s: UndoStep) => {
    setStored(s.base);
    setDraft(s.draft);
    setEdit(s.edit);
  }, []);
  const history = useUndoHistory<UndoStep>({ draft, edit, base: stored }, restore);
  const { record, clear: clearHistory, rewrite: rewriteHistory } = history;

  /** The day not saved yet as it was started (New), before any edit. */
  const [startedAs, setStartedAs] = useState<Instance | null>(null);
  // Not the stored day (Save is offered); `edited`: holds edits that leaving would lose (an untouched New has none).
  const dirty = useMemo(() => draft !== null && (stored === null || !sameInstance(draft, stored.instance)), [draft, stored]);
  const edited = useMemo(() => hasEdits(draft, stored?.instance, startedAs), [draft, stored, startedAs]);
  // Unsaved changes a plan of the stored day would not be made on alike (planning-data.ts: a renamed stop is not one):
  // what marks the plan on screen out of date until saved and planned again, as the store marks a saved change.
  const planDataUnsaved = useMemo(
    () => dirty && (stored === null || draft === null || !samePlanningData(draft, stored.instance)),
    [dirty, draft, stored],
  );
  const unsaved = edited || edit !== null;

  // Another window saved the day on screen since: shown here where nothing is unsaved, else said (use-saved-elsewhere.ts).
  const { savedElsewhere, followedElsewhere } = useSavedElsewhere(
    { stored, draft, edit, plan, unsaved },
    { setStored, setDraft, setPlanState },
  );
  // The day or plan on screen, deleted in another window: it stays here, unsaved edits and all (use-deleted-elsewhere.ts).
  const gone = useDeletedElsewhere(stored?.id ?? null, plan?.id ?? null);
  const { deletedElsewhere } = gone;
  // Plans are made of the stored day: Plan saves first where there are edits, and where the day is gone (as a new day,
  // asking first), the one rule of the Plan and Compare buttons ("Save and plan") and of what pressing them does.
  const savesBeforePlanning = dirty || deletedElsewhere;

  /** True when nothing unsaved would be lost, or the dispatcher agrees to drop it. */
  const confirmDiscard = useCallback((): boolean => {
    // A cell's text not in the day (refused, or typed without Enter) is lost too: the rule of the reload warning.
    const held = heldEntryNote();
    if (!unsaved && !held) return true;
    const what = [edited && `the changes to “${draft?.name}”`, edit && 'the hand edits of the plan'].filter(Boolean).join(' and ');
    const question = what ? `Discard ${what}? They are not saved.` : 'Discard it?';
    return window.confirm(held ? `${held}. ${question}` : question);
  }, [unsaved, edited, edit, draft]);

  /** Before a new plan replaces the one on screen: true when it has no hand edits, or they may go. */
  const confirmDiscardPlanEdits = useCallback(
    (): boolean => !edit || window.confirm('Discard the hand edits of the plan? They are not saved (Save edited plan keeps them).'),
    [edit],
  );

  // Closing or reloading the page with unsaved edits asks the browser's own question; so does a cell's text not in
  // the day yet (typed without Enter, or refused), which only the page holds.
  useLeaveWarning(unsaved, heldEntry);

  /** `coalesce` names a kind of edit whose repeats make one undo step (the keystrokes of a name). */
  const editDraft = useCallback(
    (next: Instance | ((draft: Instance) => Instance), coalesce?: string) => {
      record(coalesce);
      // An updater applies to the draft as the edits before it left it (several in one event: a pasted block).
      setDraft(typeof next === 'function' ? (d) => (d ? next(d) : d) : next);
    },
    [record],
  );
  const changeEdit = useCallback(
    (next: PlanEdit | null) => {
      record();
      setEdit(next);
    },
    [record],
  );

  const show = useCallback(
    (record: StoredInstance) => {
      setStored(record);
      setDraft(record.instance);
      setOpened((n) => n + 1);
      setSelected(null);
      setSaveErrors([]);
      clearHistory();
    },
    [clearHistory],
  );

  const setPlan = useCallback(
    (next: ShownPlan | null) => {
      setPlanState(next);
      setEdit(null);
      // Route edits belong to the plan they were made on; customer and fleet edits stay undoable.
      rewriteHistory((s) => ({ ...s, edit: null }), sameStep);
    },
    [rewriteHistory],
  );

  /** Opens a stored instance with its latest plan, as it was left (none where it was never planned). */
  const open = useCallback(
    async (id: number) => {
      if (!confirmDiscard()) return;
      const opened = await run('Open instance', async () => {
        const [record, plans] = await Promise.all([api.call('instances:get', { id }), api.call('plans:list', { instanceId: id })]);
        const latest = plans.reduce<(typeof plans)[number] | null>(
          (a, p) => (a === null || p.createdAt > a.createdAt || (p.createdAt === a.createdAt && p.id > a.id) ? p : a),
          null,
        );
        return { record, plan: latest && (await api.call('plans:get', { id: latest.id })) };
      });
      if (!opened) return;
      show(opened.record);
      setPlan(opened.plan);
    },
    [api, run, show, setPlan, confirmDiscard],
  );

  /** True when the plan is on screen now (false: the dispatcher kept unsaved work, or it could not be read). */
  const openPlan = useCallback(
    async (instanceId: number, planId: number): Promise<boolean> => {
      if (!confirmDiscard()) return false;
      const [record, loaded] = (await run('Open plan', () =>
        Promise.all([api.call('instances:get', { id: instanceId }), api.call('plans:get', { id: planId })]),
      )) ?? [null, null];
      if (!record || !loaded) return false;
      show(record);
      setPlan(loaded);
      return true;
    },
    [api, run, show, setPlan, confirmDiscard],
  );

  useReopenLastOpened({ api, stored, plan, draft, show, setPlan });

  /** An unsaved draft (or nothing) on screen, with nothing of what was there before. */
  const showUnsaved = useCallback(
    (instance: Instance | null) => {
      setStored(null);
      setDraft(instance);
      setStartedAs(instance);
      setOpened((n) => n + 1);
      setSelected(null);
      setSaveErrors([]);
      setPlan(null);
      clearHistory();
    },
    [setPlan, clearHistory],
  );

  /** Starts a new instance; false when the dispatcher kept the unsaved one (`ask` false: nothing to keep). */
  const startNew = useCallback(
    (instance: Instance, ask = true): boolean => {
      if (ask && !confirmDiscard()) return false;
      showUnsaved(instance);
      return true;
    },
    [confirmDiscard, showUnsaved],
  );

  /** Shows nothing: the start screen (after the instance on screen was deleted; nothing unsaved is asked about). */
  const close = useCallback(() => showUnsaved(null), [showUnsaved]);

  /**
   * Stores the draft; validation problems are kept for the table's inline messages and nothing is lost. Where the
   * instance was saved or deleted in another window since it was opened here, the save is refused and the draft
   * may be kept as a new instance instead (nothing is overwritten either way), with the hand edits of its plan.
   * `asNewDay`: stored as a new instance straight away (the dispatcher was asked already).
   */
  const saveFor = useCallback(
    async (action: string, asNewDay = false): Promise<StoredInstance | undefined> => {
      if (!draft) return undefined;
      const refused: { conflict?: AppErrorData } = {};
      let record = asNewDay
        ? undefined
        : await run(
            action,
            () => api.call('instances:save', { id: stored?.id, basedOn: stored?.updatedAt, instance: draft }),
            (err) => {
              if (err.kind === 'conflict') refused.conflict = err;
              else setSaveErrors(err.details ?? [err.message]);
            },
          );
      const kept = { dayEdits: dirty, planEdits: edit !== null, plan: plan !== null };
      const asked = () =>
        refused.conflict !== undefined &&
        window.confirm(saveAsCopyQuestion(draft.name, doneElsewhere(deletedElsewhere, refused.conflict), kept));
      if (!record && (asNewDay || asked())) {
        record = await run(action, () => api.call('instances:save', { instance: { ...draft, name: copyName(draft.name) } }));
        // The plan on screen goes with it: the one it was belongs to the other version, or went with it.
        if (record) setPlan(await keepPlanOn(api, run, { plan, edit, madeOn: stored?.instance }, record, action));
      }
      if (!record) return undefined;
      setStored(record);
      setDraft(record.instance);
      rewriteHistory(movedBySave(stored, record), sameStep);
      setSaveErrors([]);
      // The plan on screen is checked again against what was just saved (it says so where its figures changed).
      if (plan && plan.instanceId === record.id) {
        const rechecked = await run('Check plan', () => api.call('plans:get', { id: plan.id }));
        if (rechecked) setPlanState(rechecked);
      }
      // The problems of earlier tries are fixed now: their banners go too, whichever action saved.
      for (const saving of [...SAVE_ACTIONS, REFUSED_SAVE]) dismissAction(saving);
      await storedChanged();
      return record;
    },
    [api, run, draft, stored, dirty, deletedElsewhere, plan, edit, setPlan, rewriteHistory, storedChanged, dismissAction],
  );

  /**
   * Hand edits of the plan of a day another window saved or deleted (`done`) are not saved on it: where the dispatcher
   * agrees, the day on screen is stored as a new day with them as its plan. The new day, or undefined where it was not.
   */
  const saveEditsAsNewDay = useCallback(
    async (action: string, done: DoneElsewhere): Promise<StoredInstance | undefined> => {
      if (!draft || !window.confirm(editsOfChangedDayQuestion(draft.name, done))) return undefined;
      return saveFor(action, true);
    },
    [draft, saveFor],
  );

  /**
   * A plan of the day on screen (`planned`, as it was planned) was kept with a copy of the day, the day having been
   * deleted in another window while it was planned: the copy is the day on screen now. Edits made here meanwhile stay on
   * screen, unsaved, as edits of it, and so do the undo steps.
   */
  const followCopy = useCallback(
    (copy: StoredInstance, planned: StoredInstance) => {
      setStored(copy);
      setDraft((d) => (d && !sameInstance(d, planned.instance) ? d : copy.instance));
      rewriteHistory(movedBySave(planned, copy), sameStep);
    },
    [rewriteHistory],
  );

  /** The day on screen, deleted in another window, kept as a new day with its edits (the dispatcher asked for it). */
  const saveAsNewDay = useCallback(() => saveFor('Save as new day', true), [saveFor]);

  /**
   * Save, as the dispatcher presses it. A cell that refused its entry keeps it on screen while the draft keeps the old
   * value: saving then would say "saved" beside the red cell and drop what was typed, so it stops and says which, as
   * planning does.
   */
  const save = useCallback(async () => {
    const refused = stopForRefusedEntry('save');
    if (!refused) return saveFor(SAVE_ACTIONS[0]);
    // Not under SAVE_ACTIONS: their input banners go as soon as the draft checks clean, and this draft does.
    report(REFUSED_SAVE, inputError(refused));
    return undefined;
  }, [saveFor, report, stopForRefusedEntry]);
  /** Saves the draft before planning or comparing: a refusal's banner names that action, which the dispatcher took. */
  const saveBefore = useCallback((action: 'planning' | 'comparing') => saveFor(`Save before ${action}`), [saveFor]);

  return {
    stored,
    opened,
    draft,
    editDraft,
    dirty,
    planDataUnsaved,
    savedElsewhere,
    followedElsewhere,
    ...gone,
    savesBeforePlanning,
    followCopy,
    saveAsNewDay,
    confirmDiscard,
    confirmDiscardPlanEdits,
    undo: history.undo,
    redo: history.redo,
    canUndo: history.canUndo,
    undoTitle: history.undoTitle,
    canRedo: history.canRedo,
    save,
    saveBefore,
    saveEditsAsNewDay,
    open,
    openPlan,
    startNew,
    close,
    show,
    saveErrors,
    selected,
    setSelected,
    /** The customer table's find box (use-table-filter.ts). */
    filter,
    setFilter,
    stopForRefusedEntry,
    plan,
    setPlan,
    edit,
    changeEdit,
    /** Sets the score of the routes being edited (not an edit of its own: nothing to undo). */
    scoreEdit: setEdit,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
