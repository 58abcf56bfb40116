import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelsDirFor, setupStore } from '../../src/main/setup.js';
import { openStore } from '../../src/main/store/index.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';

describe('a training run whose app was killed', () => {
  it('keeps the complete checkpoint it left as a model at the next start, and marks a run without one interrupted', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jampr-recover-')), 'app.sqlite');
    const store = openStore(path);
    const saved = store.trainingRuns.start({ variant: 'tw1', size: 6, instanceIds: [], minutes: 5, name: 'jampr-tw1-n6' });
    const empty = store.trainingRuns.start({ variant: 'tw1', size: 6, instanceIds: [], minutes: 5, name: 'never-saved' });
    store.close();
    // What the trainer leaves in the models folder next to the database before the kill.
    await saveTinyModel(modelsDirFor(path), 'jampr', 'tw1', 6);

    const again = setupStore(path, join(path, 'no-shipped-models'));
    const recovered = again.trainingRuns.get(saved.id)!;
    expect(recovered).toMatchObject({ status: 'failed', error: expect.stringMatching(/kept as the model jampr-tw1-n6/) });
    expect(again.models.get(recovered.modelId!)?.name).toBe('jampr-tw1-n6');
    expect(again.trainingRuns.get(empty.id)).toMatchObject({
      status: 'failed',
      modelId: null,
      error: expect.stringMatching(/interrupted/),
    });
    again.close();
  });
});
