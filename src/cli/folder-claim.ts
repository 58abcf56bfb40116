import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputError } from '../shared/errors.js';
import { fileErrorReason } from '../main/file-errors.js';
import { atEnd } from './interrupt.js';
import { usageError } from './usage.js';

/** The file a run keeps in the folder it writes into while it runs: the process id of the run that holds it. */
export const CLAIM_FILE = '.jampr-train.lock';

/** Whether a process of this id runs (one of another user's included): a claim left by a run killed outright is not. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the folder a run writes its checkpoints into, for as long as the process runs: checkOutputFolder saw no model
 * there at the start, but a second run on the same --out started meanwhile would write into it too, and the last to
 * save would win with both saying they saved. The claim is a file made exclusively in the folder (made if missing):
 * a second run is refused at once, naming the folder. It is removed when the process ends, however it ends short of
 * being killed outright (SIGKILL, a power cut); a claim whose process no longer runs is taken over. The folder is
 * removed again if this run made it and wrote nothing into it, so a run stopped before its first step leaves nothing.
 */
export function claimOutputFolder(dir: string, shown: string): void {
  let made = false;
  try {
    mkdirSync(dir);
    made = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw inputError(`cannot write into ${shown}: ${fileErrorReason(err)}`);
  }
  const claim = join(dir, CLAIM_FILE);
  const release = () => {
    rmSync(claim, { force: true });
    if (!made) return;
    try {
      rmdirSync(dir);
    } catch {
      // It holds the model this run saved: kept.
    }
  };
  try {
    writeFileSync(claim, `${process.pid}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      release();
      throw inputError(`cannot write into ${shown}: ${fileErrorReason(err)}`);
    }
    // An empty file is a claim being written by a run that started a moment ago.
    const holder = Number(readFileSync(claim, 'utf8').trim() || Number.NaN);
    if (!Number.isInteger(holder) || holder <= 0 || running(holder)) {
      throw usageError(
        `cannot write into ${shown}: another jampr train${Number.isInteger(holder) ? ` (process ${holder})` : ''} is writing into it; wait for it to end, or choose another --out`,
      );
    }
    // Left by a run killed outright. Two runs taking it over at the same instant could both go on: a rare race with a
    // claim that was stale already, which the refusal above does not need to close.
    writeFileSync(claim, `${process.pid}\n`);
  }
  atEnd(release);
}
