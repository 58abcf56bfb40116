import { AppError, inputError } from '../../../shared/errors.js';

/**
 * `--first N` (ReadInstanceOptions.first) where the file holds fewer customers: a mistake in the option, not in the
 * file, which the command line tells as it tells its other option mistakes, with the way to its --help (cli/load.ts).
 */
export class FirstBeyondFile extends AppError {
  constructor(first: number, available: number, file: string) {
    const customers = available === 1 ? '1 customer' : `${available} customers`;
    super('input', `--first ${first} is more than the ${customers} in ${file}: give at most ${available}`);
  }
}

/**
 * Refuses a `first` that is no whole number from 1 (the command line's own bounds refuse it before: cli/args.ts) or
 * more than the `available` customers of `file` (a name for the messages).
 */
export function checkFirst(first: number | undefined, available: number, file: string): void {
  if (first === undefined) return;
  if (!Number.isInteger(first) || first < 1) throw inputError(`--first ${first} is not a whole number of 1 or more`);
  if (first > available) throw new FirstBeyondFile(first, available, file);
}
