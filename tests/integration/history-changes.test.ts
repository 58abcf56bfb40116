/**
 * A window keeps its history by the days that changed (`instances:changes`): after a day is saved, renamed or deleted,
 * or a plan stored or deleted, the answer since the window's last one holds those days' entries only, and applied to
 * the list it had (applyHistoryChanges) gives the history a fresh `instances:list` gives. Where the store no longer
 * knows every change since (too far behind, another database's number), the answer is the whole history. On a real
 * database file, reopened as a restarted server would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { openStore } from '../../src/main/store/index.js';
import { KEPT_HISTORY_CHANGES } from '../../src/main/store/migrations/0120-history-changes.js';
import type { HistoryChanges, InstanceSummary } from '../../src/shared/api.js';
import { applyHistoryChanges } from '../../src/shared/history-changes.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

let app: TestApp;
beforeEach(() => {
  app = createTestApp(inProcessRunner());
});
afterEach(async () => {
  await app.close();
});

/** A window's history: the list and the change it is at, kept by the answers as the renderer keeps it. */
async function windowHistory() {
  const first = await app.call('instances:changes', {});
  expect(first.full).toBe(true);
  const held = { list: first.days, seq: first.seq };
  return {
    held,
    /** Asks for what changed since, applies it, and says what came. */
    async catchUp(): Promise<HistoryChanges> {
      const answer = await app.call('instances:changes', { since: held.seq });
      held.list = applyHistoryChanges(held.list, answer);
      held.seq = answer.seq;
      return answer;
    },
  };
}

const ids = (days: InstanceSummary[]) => days.map((d) => d.id);

describe('instances:changes', () => {
  it('answers only the days changed since, and the list they make is the fresh one', async () => {
    const days = [];
    for (let k = 0; k < 8; k++) days.push(await app.call('instances:save', { instance: tinyInstance(`day ${k}`) }));
    const win = await windowHistory();
    expect(ids(win.held.list)).toEqual(ids(await app.call('instances:list', {})));
    expect(await win.catchUp(), 'nothing changed').toEqual({ seq: win.held.seq, full: false, days: [], deleted: [] });

    // A save: that day only, now first.
    const [monday, tuesday, wednesday] = [days[1], days[4], days[6]];
    const saved = await app.call('instances:save', {
      id: monday.id,
      basedOn: monday.updatedAt,
      instance: { ...monday.instance, vehicles: 2 },
    });
    let answer = await win.catchUp();
    expect(answer.full).toBe(false);
    expect(ids(answer.days)).toEqual([monday.id]);
    expect(answer.days[0]).toMatchObject({ vehicles: 2, updatedAt: saved.updatedAt });
    expect(win.held.list).toEqual(await app.call('instances:list', {}));

    // A rename and a plan of another day: both days, once each, the plan counted.
    await app.call('instances:save', { id: tuesday.id, instance: { ...tuesday.instance, name: 'Dienstag' } });
    const plan = await app.call('plans:create', { instanceId: wednesday.id, variant: { name: 'tw2' }, method: 'random', samples: 2 });
    await app.call('plans:create', { instanceId: wednesday.id, variant: { name: 'tw1' }, method: 'random', samples: 2 });
    answer = await win.catchUp();
    expect(ids(answer.days).sort()).toEqual([tuesday.id, wednesday.id].sort());
    expect(answer.days.find((d) => d.id === wednesday.id)?.plans).toBe(2);
    expect(win.held.list).toEqual(await app.call('instances:list', {}));

    // A plan deleted: its day, one plan fewer; a day deleted: named among the deleted, not listed.
    await app.call('plans:delete', { id: plan.id });
    await app.call('instances:delete', { id: days[0].id });
    answer = await win.catchUp();
    expect(answer.days.map((d) => [d.id, d.plans])).toEqual([[wednesday.id, 1]]);
    expect(answer.deleted).toEqual([days[0].id]);
    expect(win.held.list).toEqual(await app.call('instances:list', {}));

    // A day imported: listed first.
    const imported = await app.call('instances:save', { instance: tinyInstance('new day') });
    answer = await win.catchUp();
    expect(ids(answer.days)).toEqual([imported.id]);
    expect(ids(win.held.list)[0]).toBe(imported.id);
    expect(win.held.list).toEqual(await app.call('instances:list', {}));

    // What a change costs to hear: one entry, not the whole history.
    const whole = JSON.stringify(await app.call('instances:list', {})).length;
    expect(JSON.stringify(answer).length).toBeLessThan(whole / 3);
  });

  it('answers the whole history to a window too far behind, or to a number this database never gave', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('busy day') });
    const win = await windowHistory();
    const ahead = await app.call('instances:changes', { since: win.held.seq + 5 });
    expect(ahead.full).toBe(true);
    expect(ids(ahead.days)).toEqual([day.id]);

    // More changes than the store keeps: the changes after the window's number are partly gone.
    const other = await app.call('instances:save', { instance: tinyInstance('other day') });
    const touch = app.store.db.prepare('UPDATE instances SET name = name WHERE id = ?');
    app.store.db.transaction(() => {
      for (let k = 0; k < KEPT_HISTORY_CHANGES; k++) touch.run(day.id);
    })();
    const behind = await win.catchUp();
    expect(behind.full).toBe(true);
    expect(ids(win.held.list).sort()).toEqual([day.id, other.id].sort());
    expect(win.held.list).toEqual(await app.call('instances:list', {}));
    // Caught up, it hears changes one by one again, and the store kept no more than it keeps.
    await app.call('instances:delete', { id: other.id });
    expect(await win.catchUp()).toMatchObject({ full: false, days: [], deleted: [other.id] });
    const kept = app.store.db.prepare('SELECT count(*) FROM history_changes').pluck().get();
    expect(kept).toBe(KEPT_HISTORY_CHANGES);
  });

  it('carries on across a restart: the changes are kept in the database file', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jampr-history-')), 'app.sqlite');
    let store = openStore(path);
    const day = store.instances.insert(tinyInstance('kept'), null);
    const { seq } = store.instances.changes();
    store.close();
    store = openStore(path);
    try {
      store.instances.update(day.id, { ...day.instance, name: 'kept, renamed' });
      const answer = store.instances.changes(seq);
      expect(answer.full).toBe(false);
      expect(answer.days.map((d) => d.name)).toEqual(['kept, renamed']);
    } finally {
      store.close();
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });
});
