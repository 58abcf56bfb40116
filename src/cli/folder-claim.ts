import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
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
 * What a claim file holds: the process id written in it; NaN while it is being written (empty) or unreadable, null
 * where there is none.
 */
function holderOf(file: string): number | null {
  try {
    return Number(readFileSync(file, 'utf8').trim() || Number.NaN);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return Number.NaN;
  }
}

const isProcessId = (holder: number | null): holder is number => holder !== null && Number.isInteger(holder) && holder > 0;

/** Where a test drives the takeover of a stale claim step by step (two runs reaching it at one moment). */
export interface ClaimSeams {
  /** Called once the claim was found stale, before it is taken over. */
  beforeTakeover?: () => void;
}

/**
 * Claims the folder a run writes its checkpoints into, for as long as the process runs: checkOutputFolder saw no model
 * there at the start, but a second run on the same --out started meanwhile would write into it too, and the last to
 * save would win with both saying they saved. The claim is a file made exclusively in the folder (made if missing):
 * a second run is refused at once, naming the folder. It is removed when the process ends, however it ends short of
 * being killed outright (SIGKILL, a power cut); a claim whose process no longer runs is taken over, by one run only
 * (takeOver). The folder is removed again if this run made it and wrote nothing into it, so a run stopped before its
 * first step leaves nothing.
 */
export function claimOutputFolder(dir: string, shown: string, seams: ClaimSeams = {}): void {
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
    // Where it holds the model this run saved, it is kept.
    if (made) rmdirQuietly(dir);
  };
  try {
    takeClaim(claim, shown, seams);
  } catch (err) {
    // The folder this run made goes again; a claim in it is another run's, which came between.
    if (made) rmdirQuietly(dir);
    throw err;
  }
  atEnd(release);
}

/** Removes a folder where it is empty. */
function rmdirQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty: kept.
  }
}

const busy = (shown: string, holder: number | null) =>
  usageError(
    `cannot write into ${shown}: another jampr train${isProcessId(holder) ? ` (process ${holder})` : ''} is writing into it; wait for it to end, or choose another --out`,
  );

/** Makes the claim, or takes over a stale one; refuses where another run holds it. */
function takeClaim(claim: string, shown: string, seams: ClaimSeams): void {
  // A claim that goes between two looks (its run ended, or a takeover's) is looked for again; a few times at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(claim, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw inputError(`cannot write into ${shown}: ${fileErrorReason(err)}`);
    }
    // An empty file is a claim being written by a run that started a moment ago.
    const holder = holderOf(claim);
    if (holder === null) continue;
    if (!isProcessId(holder) || running(holder)) throw busy(shown, holder);
    seams.beforeTakeover?.();
    if (takeOver(claim, holder, shown)) return;
  }
  throw busy(shown, holderOf(claim));
}

/**
 * Takes over the claim left by `stale`, a run killed outright, so that of runs reaching it at one moment exactly one
 * goes on: checking that its process is gone and writing another id over it are two steps, between which a second run
 * could take it over too, each then writing into the folder. So a run first makes, exclusively, a marker named after
 * the stale process: of runs taking over the same claim only one makes it, the others are refused. Holding the marker,
 * it reads the claim again: only the holder of that marker replaces a claim of `stale` (a run that took it over and let
 * go of the marker has replaced it already, and a fresh claim is made only where there is none), so a claim that still
 * names `stale` then is replaced by this run alone, at once (a rename: a reader never sees it half-written). False where
 * the claim went meanwhile (to be made afresh).
 */
function takeOver(claim: string, stale: number, shown: string): boolean {
  const marker = `${claim}.takeover-${stale}`;
  try {
    writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw inputError(`cannot write into ${shown}: ${fileErrorReason(err)}`);
    const taker = holderOf(marker);
    // A run killed outright in the moment it held the marker: left to a person, as nothing can tell it from a slow one.
    if (isProcessId(taker) && !running(taker))
      throw usageError(
        `cannot write into ${shown}: a takeover of the claim left there by process ${stale} was cut short; remove ${marker} and start again`,
      );
    throw usageError(`cannot write into ${shown}: another jampr train is taking it over; wait for it to end, or choose another --out`);
  }
  try {
    const now = holderOf(claim);
    if (now === null) return false;
    if (now !== stale) throw busy(shown, now);
    const fresh = `${claim}.${process.pid}`;
    writeFileSync(fresh, `${process.pid}\n`);
    renameSync(fresh, claim);
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}
