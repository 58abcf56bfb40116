/**
 * Lets one thread end the process without ever cutting a checkpoint in half. The trainer writes a checkpoint as
 * several files (checkpoint.ts); a process killed between two of them leaves a folder whose weights and card come
 * from different saves, or, on the first save, a folder with no model.json. `jampr train` trains on a worker thread
 * and quits on a second Ctrl-C from main: it first closes the gate, which waits for a save under way to finish and
 * lets no new one start. The state lives in shared memory, so that both threads see it at once, whatever each is busy
 * with.
 */
const OPEN = 0;
const SAVING = 1;
const CLOSED = 2;

export class SaveGate {
  private readonly cell: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.cell = new Int32Array(buffer);
  }

  /** Before a save: false once the gate is closed (the process is ending), and then nothing may be written. */
  enter(): boolean {
    return Atomics.compareExchange(this.cell, 0, OPEN, SAVING) === OPEN;
  }

  /** After a save (also a failed one). */
  leave(): void {
    Atomics.store(this.cell, 0, OPEN);
  }

  /** Closes the gate once no save is under way (a save takes well under a second); no save starts after it. */
  async close(): Promise<void> {
    while (Atomics.compareExchange(this.cell, 0, OPEN, CLOSED) === SAVING) await new Promise((wait) => setTimeout(wait, 10));
  }
}
