import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stopKeepsModel } from '../main/jampr/train/phases.js';
import { SaveGate } from '../main/jampr/train/save-gate.js';
import type { TrainJob, TrainJobProgress, TrainJobResult } from '../main/jobs/protocol.js';
import { WorkerClient } from '../main/worker-client.js';
import { endBySignal, sendAgain, type StopSignal, stopListener } from './interrupt.js';
import { launchMlWorker } from './ml-thread.js';

/**
 * Runs a train job on the ML worker, as the app does, so that main hears Ctrl-C at once while the model is measured,
 * its pair bias fitted or a step taken. The first Ctrl-C (or SIGTERM, SIGHUP: interrupt.ts) says so and cancels: the
 * trainer stops measuring and fitting at once (nothing trained: nothing written), or finishes the step under way and
 * saves the model. A second one quits at once by the signal (status 130 for Ctrl-C), once no checkpoint is being
 * written (save-gate.ts): the folder then holds the last complete checkpoint, or nothing. Once the job is done, a
 * signal ends the process as Node's default does. `stoppedBy` is the signal that stopped the run, if one did.
 */
export async function trainOnThread(
  job: TrainJob,
  onProgress: (progress: TrainJobProgress) => void,
): Promise<{ result: TrainJobResult; stoppedBy: StopSignal | null }> {
  const client = new WorkerClient(launchMlWorker);
  const controller = new AbortController();
  const gate = new SaveGate();
  // Set by the trainer's phase before its first step, or by a step's progress: from then on a stop saves the model.
  let training = false;
  let stoppedBy: StopSignal | null = null;
  const quit = async (signal: StopSignal) => {
    await gate.close();
    const kept = existsSync(join(job.outDir, 'model.json'));
    process.stderr.write(
      `jampr: quit without saving: ${kept ? `${job.outDir} keeps its last complete checkpoint` : 'nothing was written'}\n`,
    );
    endBySignal(signal);
  };
  const onStop = (signal: StopSignal) => {
    stoppedBy = signal;
    // A second signal stays answered to the end of the command (this listener is left in place): while the worker
    // closes and the command prints what it saved, it says what the folder holds rather than the process ending
    // without a word.
    stopListener((again) => void quit(again));
    process.stderr.write(
      training
        ? `jampr: stopping after the training step under way, then saving the model to ${job.outDir}; ${sendAgain(signal)} to quit without saving it\n`
        : `jampr: stopping: no training step was taken yet, so nothing will be written; ${sendAgain(signal)} to quit at once\n`,
    );
    controller.abort();
  };
  const notListening = stopListener(onStop);
  try {
    const result = await client.run(
      'train',
      { ...job, saveGate: gate.buffer },
      {
        signal: controller.signal,
        onProgress: (progress) => {
          if (stopKeepsModel(progress)) training = true;
          onProgress(progress);
        },
      },
    );
    return { result, stoppedBy };
  } finally {
    notListening();
    await client.close();
  }
}
