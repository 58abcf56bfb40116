import { setImmediate as breathe } from 'node:timers/promises';
import { eachGeneratedInstance } from '../../main/vrp/generate.js';
import { numberFlag, parseFlags, SEED_FLAG_BOUNDS } from '../args.js';
import { checkWritable, outputFormat, streamTextFile } from '../files.js';
import { sayOnInterrupt } from '../interrupt.js';
import { usageError } from '../usage.js';
import { MAX_CUSTOMERS } from '../../shared/limits.js';
import { messageNumber } from '../../shared/number-text.js';

/** How long the generator runs before it lets main hear a signal (Ctrl-C says at once where it stopped). */
const BREATH_MS = 50;

/**
 * Writes each instance as it is generated, so that no count is held in memory: into a temporary file that takes the
 * name asked for once the last is written. Ctrl-C (SIGTERM, SIGHUP) stops it at once, says how far it came and leaves
 * no file (interrupt.ts, files.ts).
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseFlags('generate', argv, {
    size: { type: 'string' },
    count: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  });
  if (values.size === undefined) throw usageError('--size N is required');
  if (!values.out) throw usageError('--out FILE.jsonl is required');
  outputFormat(values.out, { '.jsonl': 'jsonl', '.json': 'jsonl' }, 'jsonl');
  checkWritable(values.out);
  // Instances beyond the size limit would be written, then refused by every command that reads them.
  const size = numberFlag(values, 'size', 20, { min: 1, max: MAX_CUSTOMERS, integer: true });
  const count = numberFlag(values, 'count', 1, { min: 1, integer: true });
  const seed = numberFlag(values, 'seed', 1, SEED_FLAG_BOUNDS);
  const file = streamTextFile(values.out);
  let written = 0;
  const heard = sayOnInterrupt(
    () =>
      `generate cancelled after ${messageNumber(written)} of ${messageNumber(count)} instances: ${
        file.direct ? `those went to ${values.out}` : 'nothing was written'
      }`,
  );
  try {
    let breath = performance.now();
    for (const instance of eachGeneratedInstance(size, count, seed)) {
      file.write(`${JSON.stringify(instance)}\n`);
      written++;
      if (performance.now() - breath > BREATH_MS) {
        await breathe();
        breath = performance.now();
      }
    }
    file.finish();
  } finally {
    heard();
  }
  console.error(
    `wrote ${count} ${count === 1 ? 'instance' : 'instances'} of ${size} ${size === 1 ? 'customer' : 'customers'} to ${values.out}`,
  );
}
