import { setImmediate as breathe } from 'node:timers/promises';
import type { Instance } from '../../shared/domain.js';
import { CSV_BOM } from '../../shared/text-decoding.js';
import { eachGeneratedInstance } from '../../main/vrp/generate.js';
import { CITY_DAY_SIZES, eachCityDay } from '../../main/vrp/generate-city.js';
import { writeInstanceCsv } from '../../main/vrp/io/csv-write.js';
import { numberFlag, parseFlags, SEED_FLAG_BOUNDS } from '../args.js';
import { checkWritable, outputFormat, streamTextFile, writeTextFile } from '../files.js';
import { sayOnInterrupt } from '../interrupt.js';
import { usageError } from '../usage.js';
import { MAX_CUSTOMERS } from '../../shared/limits.js';
import { messageNumber } from '../../shared/number-text.js';

/** How long the generator runs before it lets main hear a signal (Ctrl-C says at once where it stopped). */
const BREATH_MS = 50;

/**
 * Writes each instance as it is generated, so that no count is held in memory: into a temporary file that takes the
 * name asked for once the last is written. Ctrl-C (SIGTERM, SIGHUP) stops it at once, says how far it came and leaves
 * no file (interrupt.ts, files.ts). With --city the instances are city days (generate-city.ts), as a dispatcher
 * imports them; one day may be written as the customer CSV the app imports.
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseFlags('generate', argv, {
    size: { type: 'string' },
    count: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    city: { type: 'boolean' },
  });
  if (values.size === undefined && !values.city)
    throw usageError(`--size N is required, unless --city (whose days then have ${CITY_DAY_SIZES.join(' to ')} stops)`);
  if (!values.out) throw usageError('--out FILE.jsonl (or FILE.csv for one day) is required');
  const format = outputFormat(values.out, { '.jsonl': 'jsonl', '.json': 'jsonl', '.csv': 'csv' }, 'jsonl');
  // Instances beyond the size limit would be written, then refused by every command that reads them.
  const size = values.size === undefined ? undefined : numberFlag(values, 'size', 20, { min: 1, max: MAX_CUSTOMERS, integer: true });
  const count = numberFlag(values, 'count', 1, { min: 1, integer: true });
  const seed = numberFlag(values, 'seed', 1, SEED_FLAG_BOUNDS);
  if (format === 'csv' && count !== 1)
    throw usageError(`--out ${values.out}: a customer CSV holds one day, not ${count}: give --count 1, or --out FILE.jsonl`);
  checkWritable(values.out);
  const instances = values.city ? eachCityDay(count, seed, size) : eachGeneratedInstance(size ?? 20, count, seed);
  if (format === 'csv') return writeOneCsv(values.out, instances.next().value as Instance);
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
    for (const instance of instances) {
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
  const what = `${values.city ? 'city day' : 'instance'}${count === 1 ? '' : 's'}`;
  const sizes = size === undefined ? CITY_DAY_SIZES.join(' to ') : String(size);
  console.error(`wrote ${count} ${what} of ${sizes} ${size === 1 ? 'customer' : 'customers'} to ${values.out}`);
}

/**
 * One day as the customer CSV the app's Import and `jampr plan` read (with the byte order mark the app's export
 * writes, for Excel), and the fleet it was generated with, which a CSV has no column for: said to type or give.
 */
function writeOneCsv(out: string, day: Instance): void {
  writeTextFile(out, `${CSV_BOM}${writeInstanceCsv(day)}`);
  const speed = day.coordinates?.kind === 'geo' ? day.coordinates.speedKmh : undefined;
  const flags = [
    `--vehicles ${day.vehicles}`,
    `--capacity ${day.capacity}`,
    ...(speed === undefined ? [] : [`--speed ${messageNumber(speed, 1)}`]),
  ];
  console.error(
    `wrote ${day.name} (${day.customers.length} customers) to ${out}; its fleet is not in the file: plan it with ${flags.join(' ')}, or type them in the import dialog`,
  );
}
