import { describe, expect, it } from 'vitest';
import { type ChunkHelpers, drawChunks } from '../../../src/main/jampr/sample-chunks.js';

/** Fake chunks: a chunk's "plan" is its index and size, its cost a fixed function of the index. */
interface Fake {
  index: number;
  size: number;
  by: 'here' | 'helper';
}
const cost = (f: Fake) => (f.index * 7) % 5;
const schedule = (helpers?: ChunkHelpers<Fake>, signal?: AbortSignal) => {
  const progress: number[] = [];
  const run = drawChunks<Fake>({
    total: 50,
    chunk: 8,
    local: (index, size) => ({ index, size, by: 'here' }),
    helpers,
    isBetter: (a, b) => cost(a) < cost(b),
    signal,
    onProgress: (drawn) => progress.push(drawn),
  });
  return { run, progress };
};
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sampling chunks over threads', () => {
  it('draws every chunk once, in chunk order, with progress after each', async () => {
    const { run, progress } = schedule();
    const chunks = await run;
    expect(chunks.map((c) => [c.index, c.size])).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [i, i < 6 ? 8 : 2]));
    expect(progress).toEqual([8, 16, 24, 32, 40, 48, 50]);
  });

  it('queues two chunks per warm helper, keeps one for this thread and takes back a queued one at the end', async () => {
    const asked: number[] = [];
    const withdrawn: number[] = [];
    // Like the task pool: one chunk at a time, in order; a withdrawn chunk that has not started is skipped.
    let queue = Promise.resolve();
    const helper: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => true,
      within: () => 0,
      draw: (index, size, signal) => {
        asked.push(index);
        signal.addEventListener('abort', () => withdrawn.push(index));
        const answer = queue.then(async () => {
          if (signal.aborted) throw new Error('the task was withdrawn');
          await later(5);
          return { index, size, by: 'helper' as const };
        });
        queue = answer.then(
          () => {},
          () => {},
        );
        return answer;
      },
    };
    const chunks = await schedule(helper).run;
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked.slice(0, 2)).toEqual([0, 1]); // two queued before this thread draws anything
    expect(asked).not.toContain(6); // the last chunk is always this thread's
    expect(withdrawn.length).toBeGreaterThan(0); // this thread ran out of its own and took a queued one back
    // Every chunk is drawn once: by the helper unless it was withdrawn.
    const byHelper = chunks.filter((c) => c.by === 'helper').map((c) => c.index);
    expect(byHelper).toEqual(asked.filter((i) => !withdrawn.includes(i)));
  });

  it('withdraws what a cold helper still holds once every chunk is in', async () => {
    const withdrawn: number[] = [];
    const cold: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => false,
      within: () => 0,
      draw: (index, _size, signal) =>
        new Promise<Fake>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            withdrawn.push(index);
            reject(new Error('the task was withdrawn'));
          }),
        ),
    };
    const chunks = await schedule(cold).run;
    expect(chunks.every((c) => c.by === 'here')).toBe(true);
    expect(withdrawn.length).toBeGreaterThan(0);
  });

  it("does this thread's own first job after the helpers have their chunks, before its own chunks", async () => {
    const events: string[] = [];
    const helper: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => true,
      within: () => 0,
      draw: async (index, size) => {
        events.push(`helper ${index}`);
        return { index, size, by: 'helper' };
      },
    };
    const progress: number[] = [];
    await drawChunks<Fake>({
      total: 16,
      chunk: 8,
      first: () => events.push('first'),
      local: (index, size) => {
        events.push(`here ${index}`);
        return { index, size, by: 'here' };
      },
      helpers: helper,
      isBetter: () => false,
      onProgress: (drawn) => progress.push(drawn),
    });
    expect(events).toEqual(['helper 0', 'first', 'here 1']);
    expect(progress.at(-1)).toBe(16);
  });

  it("counts the share of the helpers' chunks in progress, while this thread draws and while it waits", async () => {
    let release: () => void = () => {};
    let pending = false;
    const helper: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => true,
      // Half of its 8-sample chunk is drawn while it is pending.
      within: () => (pending ? 4 : 0),
      draw: (index, size) => {
        pending = true;
        return new Promise<Fake>((resolve) => {
          release = () => {
            pending = false;
            resolve({ index, size, by: 'helper' });
          };
        });
      },
    };
    const within: number[] = [];
    const run = drawChunks<Fake>({
      total: 16,
      chunk: 8,
      local: (index, size, share) => {
        share(0.5);
        return { index, size, by: 'here' };
      },
      helpers: helper,
      isBetter: () => false,
      onWithin: (drawing) => within.push(drawing),
    });
    await later(250);
    release();
    await run;
    // Half of this thread's chunk and half of the helper's; then this thread's whole chunk and half of the helper's.
    expect(within[0]).toBe(8);
    expect(within.slice(1)).toContain(12);
    expect(Math.max(...within)).toBe(12);
  });

  it("draws a cold helper's chunks itself and redraws those of a helper that fails", async () => {
    const never: ChunkHelpers<Fake> = { capacity: 2, warm: () => false, within: () => 0, draw: () => new Promise<Fake>(() => {}) };
    expect((await schedule(never).run).every((c) => c.by === 'here')).toBe(true);
    const failing: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => true,
      within: () => 0,
      draw: () => Promise.reject(new Error('a task worker crashed')),
    };
    const chunks = await schedule(failing).run;
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('stops with a cancelled error when the signal aborts, also while it waits for a warm helper', async () => {
    const controller = new AbortController();
    let answered = 0;
    const stuck: ChunkHelpers<Fake> = {
      capacity: 1,
      warm: () => answered > 0,
      within: () => 0,
      // Answers its first chunk (so it counts as warm), then never again.
      draw: (index, size) => (answered++ === 0 ? Promise.resolve({ index, size, by: 'helper' }) : new Promise<Fake>(() => {})),
    };
    const { run, progress } = schedule(stuck, controller.signal);
    await later(30);
    expect(progress.at(-1)).toBeLessThan(50); // waiting on the helper's second chunk
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
