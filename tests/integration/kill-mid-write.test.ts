import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../../src/main/store/index.js';
import { killWriterMidway } from './fixtures/kill-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'jampr-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a writer killed mid-transaction leaves a readable database with only whole instances and plans', async () => {
  const path = join(dir, 'kill.sqlite');
  for (const afterCommits of [3, 7]) {
    const committed = await killWriterMidway(path, afterCommits);
    expect(committed).toBeGreaterThanOrEqual(afterCommits);
    const store = openStore(path);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const instances = store.instances.list();
    expect(instances.length).toBeGreaterThanOrEqual(committed);
    for (const summary of instances) {
      expect(summary.plans).toBe(3);
      expect(store.instances.get(summary.id)!.instance.customers).toHaveLength(5);
    }
    const orphans = store.db.prepare('SELECT count(*) FROM plans WHERE instance_id NOT IN (SELECT id FROM instances)').pluck().get();
    expect(orphans).toBe(0);
    store.close();
  }
});
