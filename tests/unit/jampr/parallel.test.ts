import { afterAll, describe, expect, it } from 'vitest';
import { startTaskPool } from '../../../src/main/jampr/parallel.js';
import type { TestAnswer, TestTask } from './fixtures/task-worker.js';

const pool = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), {
  size: 2,
  workerData: { note: 'hello' },
});
afterAll(() => pool.close());

describe('task pool over worker threads', () => {
  it('answers every task, spread over both workers', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => pool.run({ kind: 'square', n })));
    expect(answers.map((a) => a.value)).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
  });

  it('runs TensorFlow.js in the workers on the cpu backend with the fast kernels', async () => {
    const answer = await pool.run({ kind: 'matmul', size: 8 });
    expect(answer.value).toBe(8 * 8 * 8);
    expect(answer.backend).toBe('cpu:true');
  });

  it('passes workerData through and reports a failing task as a rejection with its message', async () => {
    expect((await pool.run({ kind: 'data' })).value).toBe('{"note":"hello"}');
    await expect(pool.run({ kind: 'fail' })).rejects.toThrow('asked to fail');
    expect((await pool.run({ kind: 'square', n: 3 })).value).toBe(9);
  });

  it('skips a task withdrawn while it waited behind a running one, and still finishes the running one', async () => {
    const one = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), { size: 1 });
    try {
      const before = (await one.run({ kind: 'count' })).value as number;
      const running = one.run({ kind: 'busy', ms: 300 });
      const withdraw = new AbortController();
      const queued = one.run({ kind: 'square', n: 5 }, withdraw.signal);
      withdraw.abort();
      await expect(queued).rejects.toThrow('withdrawn');
      expect((await running).value).toBe(300);
      // Since `before` the worker ran the busy task and this count: the square never ran.
      expect((await one.run({ kind: 'count' })).value).toBe(before + 2);
      await expect(one.run({ kind: 'square', n: 2 }, withdraw.signal)).rejects.toThrow('withdrawn');
    } finally {
      await one.close();
    }
  });

  it('tells a running task that it was withdrawn, so that it can stop early, and stops only that one', async () => {
    const one = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), { size: 1 });
    try {
      await one.run({ kind: 'count' }); // the worker is up: the next task starts at once
      const withdraw = new AbortController();
      const task: TestTask = { kind: 'stoppable', ms: 60_000 };
      const running = one.run(task, withdraw.signal);
      const queued = new AbortController();
      const behind = one.run({ kind: 'square', n: 4 }, queued.signal);
      // Once it reports its share, the stoppable task is under way (a withdrawal before that would skip it unstarted).
      const until = Date.now() + 10_000;
      while (one.share(task) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(one.share(task)).toBe(0.5);
      queued.abort(); // withdrawing the queued task does not stop the running one...
      await expect(behind).rejects.toThrow('withdrawn');
      withdraw.abort(); // ...withdrawing the running one does
      await expect(running).rejects.toThrow('withdrawn');
      // Without the stop the worker would answer this only after the minute.
      expect((await one.run({ kind: 'last' })).value).toBe('stopped');
      // A task run to its end is not told to stop.
      expect((await one.run({ kind: 'stoppable', ms: 20 })).value).toBe('finished');
    } finally {
      await one.close();
    }
  });

  it('reads the share a running task reported, and none for a task that waits or an equal object never run', async () => {
    const one = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), { size: 1 });
    try {
      await one.run({ kind: 'count' });
      const task: TestTask = { kind: 'reporting', share: 0.375 };
      const withdraw = new AbortController();
      const running = one.run(task, withdraw.signal);
      const queued: TestTask = { kind: 'square', n: 3 };
      const behind = one.run(queued);
      const until = Date.now() + 10_000;
      while (one.share(task) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(one.share(task)).toBe(0.375);
      // Only the object that was run is known: an equal one is another task.
      expect(one.share({ kind: 'reporting', share: 0.375 })).toBe(0);
      expect(one.share(queued)).toBe(0);
      withdraw.abort();
      await expect(running).rejects.toThrow('withdrawn');
      expect((await behind).value).toBe(9);
      expect(one.share(task)).toBe(0);
    } finally {
      await one.close();
    }
  });

  it('reads a task the worker finished as wholly done while its answer waits for this thread to take it', async () => {
    const one = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), { size: 1 });
    try {
      await one.run({ kind: 'count' });
      const task: TestTask = { kind: 'busy', ms: 50 };
      const answer = one.run(task);
      // This thread busy, as when it draws a chunk of its own: the worker's answer cannot come in meanwhile.
      const until = performance.now() + 2_000;
      while (performance.now() < until);
      expect(one.share(task)).toBe(1);
      expect((await answer).value).toBe(50);
      expect(one.share(task)).toBe(0);
    } finally {
      await one.close();
    }
  });

  it('refuses tasks once closed', async () => {
    const other = startTaskPool<TestTask, TestAnswer>(new URL('./fixtures/task-worker.ts', import.meta.url), { size: 1 });
    expect((await other.run({ kind: 'square', n: 2 })).value).toBe(4);
    await other.close();
    await expect(other.run({ kind: 'square', n: 2 })).rejects.toThrow('closed');
  });
});
