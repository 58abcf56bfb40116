/**
 * The dispatcher's window: a header with the planning controls and three views (plan, compare, training). App
 * state that spans views (the workspace, the policy, the last comparison) lives here; each view draws it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Api, AppInfo, StoredInstance } from '../shared/api.js';
import { carriedCustomers } from '../shared/domain.js';
import { ApiProvider, useApi } from './hooks/use-api.js';
import { NoticeProvider, useNoticeState, useNotices, useRunner } from './hooks/use-notices.js';
import { usePlanJob } from './hooks/use-plan-job.js';
import { type ComparedPlans, CompareView, type CompareSettings, SkipToComparison } from './compare/compare-view.js';
import { settingsOfComparison, useStoredComparison } from './compare/use-stored-comparison.js';
import { CsvPreviewDialog } from './panels/csv-preview-dialog.js';
import { CsvDropZone } from './panels/csv-sources.js';
import { useCsvImport } from './panels/use-csv-import.js';
import { ErrorBanner } from './panels/error-banner.js';
import { Header, SAVES_FIRST, savesAsNewDayFirst, type View } from './panels/header.js';
import { methodOption, methodRequest } from '../shared/methods.js';
import { inputError } from '../shared/errors.js';
import { methodSpeedNotice } from '../shared/model-limits.js';
import { defaultPolicy, policyRequest } from './plan/time-window-policy.js';
import { focusPlanSide, PlanView, SkipToPlan } from './plan/plan-view.js';
import { useConnectionNotice } from './hooks/use-connection-notice.js';
import { createQueryClient, useStoredDataChanged } from './state/queries.js';
import { movedOnMap } from './state/draft.js';
import { heldEntryNote } from './state/refused-entries.js';
import { useChangesElsewhere } from './state/use-changes-elsewhere.js';
import { useWorkspace } from './state/use-workspace.js';
import { describeSettings, withMethod } from './state/plan-settings.js';
import { usePlanControls } from './state/use-plan-controls.js';
import { SkipToTraining, TrainingView } from './training/training-view.js';

/** The heading of a start note's banner: a note of what the start found beside the database, not a failure. */
const START_NOTE_TITLE = 'Note on the database';

export function AppRoot({ api }: { api: Api }) {
  const notices = useNoticeState();
  const [queryClient] = useState(() => createQueryClient(notices.report));
  return (
    <ApiProvider value={api}>
      <NoticeProvider value={notices}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </NoticeProvider>
    </ApiProvider>
  );
}

function App() {
  const api = useApi();
  const run = useRunner();
  const { report } = useNotices();
  const ws = useWorkspace();
  useChangesElsewhere(ws);
  const job = usePlanJob();
  const [view, setView] = useState<View>('plan');
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [compareSettings, setCompareSettings] = useState<CompareSettings>({
    a: defaultPolicy('tw1'),
    b: defaultPolicy('tw3'),
    method: 'classical',
    effort: methodOption('classical').effort!.default,
  });
  const [comparison, setComparison] = useState<ComparedPlans | null>(null);
  const showStoredComparison = useCallback((found: ComparedPlans) => {
    setComparison(found);
    setCompareSettings((current) => settingsOfComparison(found, current));
  }, []);
  useStoredComparison(view === 'compare', ws.stored, comparison, job.job !== null, showStoredComparison);
  const { show, setPlan, confirmDiscard } = ws;
  const changed = useStoredDataChanged();
  useConnectionNotice();

  useEffect(() => {
    void run('Connect', () => api.call('app:info', {})).then((i) => {
      if (!i) return;
      setInfo(i);
      // Files set aside or rescued beside the database: said in the window, not only in a terminal nobody reads.
      for (const note of i.startNotes) report('Start', { kind: 'storage', message: note }, START_NOTE_TITLE);
    });
  }, [api, run, report]);

  // The plan on screen sets the controls to how it was made (so that "Plan" makes it again); a day without one shows
  // the dispatcher's own choice (use-plan-controls.ts).
  const planControls = usePlanControls(ws.plan);
  const { policy, method, effort } = planControls.controls;
  const choose = planControls.choose;

  const onImported = useCallback(
    (record: StoredInstance) => {
      void changed.instances();
      // The import is stored either way; the dispatcher decides whether it replaces unsaved edits on screen.
      if (!confirmDiscard()) return;
      show(record);
      setPlan(null);
      setView('plan');
    },
    [show, setPlan, changed.instances, confirmDiscard],
  );
  const csv = useCsvImport(onImported);

  /**
   * Planning needs the stored instance: unsaved edits are saved first (and a failed save stops here). A cell that
   * refused its entry stops it too: the day would be planned with the value the dispatcher was replacing.
   */
  const savedInstance = async (action: 'Planning' | 'Comparing policies') => {
    const refused = ws.stopForRefusedEntry('plan');
    if (refused) {
      report(action, inputError(refused));
      return undefined;
    }
    // A marker dragged by mistake (meaning to reassign its stop) would move the shop for good: planning asks first.
    const moved = ws.stored && ws.draft ? movedOnMap(ws.stored.instance, ws.draft) : [];
    if (moved.length > 0 && !window.confirm(movedQuestion(moved))) return undefined;
    return ws.savesBeforePlanning || !ws.stored ? ws.saveBefore(action === 'Planning' ? 'planning' : 'comparing') : ws.stored;
  };

  // One rule for the Plan and Compare buttons' words and what pressing them does (use-workspace.ts savesBeforePlanning).
  const savesFirst = !ws.savesBeforePlanning
    ? null
    : ws.deletedElsewhere && ws.stored
      ? savesAsNewDayFirst(ws.stored.instance.name)
      : SAVES_FIRST;

  const plan = async () => {
    if (!ws.confirmDiscardPlanEdits()) return;
    const record = await savedInstance('Planning');
    if (!record) return;
    const result = await job.start(
      'Planning',
      (jobId) =>
        api.call('plans:create', {
          instanceId: record.id,
          variant: policyRequest(policy),
          ...methodRequest(method, effort),
          jobId,
          basedOn: record.updatedAt,
        }),
      methodSpeedNotice(method, record.instance, effort),
    );
    if (!result) return;
    // Its day deleted in another window while it was planned, the plan was kept with a copy of the day (the plan panel
    // says so): the copy is the day on screen now.
    if (result.instanceId !== record.id) {
      const copy = await run('Planning', () => api.call('instances:get', { id: result.instanceId }));
      if (!copy) return;
      ws.followCopy(copy, record);
    }
    ws.setPlan(result);
    await changed.instances();
  };

  const compare = async () => {
    const record = await savedInstance('Comparing policies');
    if (!record) return;
    const result = await job.start(
      'Comparing policies',
      (jobId) =>
        api.call('compare:variants', {
          instanceId: record.id,
          a: policyRequest(compareSettings.a),
          b: policyRequest(compareSettings.b),
          ...methodRequest(compareSettings.method, compareSettings.effort),
          jobId,
          basedOn: record.updatedAt,
        }),
      methodSpeedNotice(compareSettings.method, record.instance, compareSettings.effort),
    );
    if (!result) return;
    setComparison({ ...result, instance: record.instance });
    await changed.instances();
  };

  return (
    <div className="app">
      {/* The page's first Tab stop, before the top bar: past it to the view's main content (skip-link.tsx). */}
      {view === 'plan' && <SkipToPlan />}
      {view === 'compare' && <SkipToComparison />}
      {view === 'training' && <SkipToTraining />}
      <Header
        view={view}
        onView={(next) => {
          // The table's cells live in the Plan view: an entry not in the day (refused, typed) would go with it, unasked.
          const held = heldEntryNote();
          if (held && !window.confirm(`${held}. Discard it?`)) return;
          setView(next);
        }}
        instanceName={ws.draft?.name ?? null}
        onRename={(name) => ws.draft && ws.editDraft({ ...ws.draft, name }, 'name')}
        dirty={ws.dirty}
        savesFirst={savesFirst}
        policy={policy}
        onPolicy={(next) => choose({ ...planControls.controls, policy: next })}
        method={method}
        // As the server counts them: an order bigger than a vehicle is left out of every plan.
        customers={ws.draft ? carriedCustomers(ws.draft).length : null}
        onMethod={(m) => choose(withMethod(planControls.controls, m))}
        effort={effort}
        onEffort={(next) => choose({ ...planControls.controls, effort: next })}
        ownChoice={planControls.ownChoice && describeSettings(planControls.ownChoice)}
        onOwnChoice={planControls.backToOwn}
        onPlan={plan}
        planning={job.job !== null}
        info={info}
      />
      <ErrorBanner />
      <div className="app-body">
        {view === 'plan' && <PlanView ws={ws} job={job.job} onCancelJob={job.cancel} onCsvFile={csv.previewFile} />}
        {view === 'compare' && (
          <CompareView
            instance={ws.stored?.instance ?? null}
            instanceId={ws.stored?.id ?? null}
            settings={compareSettings}
            onSettings={setCompareSettings}
            result={comparison}
            savesFirst={savesFirst}
            onCompare={compare}
            job={job.job}
            onCancelJob={job.cancel}
            onOpenPlan={async (plan) => {
              if (!(await ws.openPlan(plan.instanceId, plan.id))) return;
              // The Open button goes with the Compare view: the keyboard carries on at the plan opened, not at the page's top.
              flushSync(() => setView('plan'));
              focusPlanSide();
            }}
          />
        )}
        {/* The dispatcher's own policy (the Plan bar's remembered choice), not the one of a plan opened to look at. */}
        {view === 'training' && <TrainingView planPolicy={planControls.own.policy.name} />}
      </div>
      <CsvDropZone onFile={csv.previewFile} />
      <CsvPreviewDialog state={csv} />
    </div>
  );
}

function movedQuestion(ids: string[]): string {
  const named = ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;
  return (
    `${named} ${ids.length === 1 ? 'was' : 'were'} moved on the map. Save the new ${ids.length === 1 ? 'place' : 'places'} and plan?\n\n` +
    '(Cancel plans nothing; Undo puts a stop back where it was.)'
  );
}
