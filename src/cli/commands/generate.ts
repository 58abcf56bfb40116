import { generateInstances } from '../../main/vrp/generate.js';
import { numberFlag, parseFlags } from '../args.js';
import { checkWritable, outputFormat, writeTextFile } from '../files.js';
import { usageError } from '../usage.js';
import { MAX_CUSTOMERS } from '../../shared/limits.js';

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
  const seed = numberFlag(values, 'seed', 1, { integer: true });
  const lines = generateInstances(size, count, seed).map((instance) => JSON.stringify(instance));
  writeTextFile(values.out, `${lines.join('\n')}\n`);
  console.error(
    `wrote ${count} ${count === 1 ? 'instance' : 'instances'} of ${size} ${size === 1 ? 'customer' : 'customers'} to ${values.out}`,
  );
}
