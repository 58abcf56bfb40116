import { AppError } from '../shared/errors.js';

/**
 * A refusal of the command line itself: an option or argument unknown, missing, given twice, out of range, or not
 * read with the others given. main.ts ends its message with the way to the command's --help (withHelp), so that
 * every such refusal points there alike; a refusal of a file's contents does not (the help would not say more).
 */
export class UsageError extends AppError {
  constructor(message: string) {
    super('input', message);
  }
}

export const usageError = (message: string) => new UsageError(message);

/** `read` with an input error of a rule shared with the API (src/shared) made a usage error: the flags broke it. */
export function asUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof AppError && err.kind === 'input' && !(err instanceof UsageError)) throw usageError(err.message);
    throw err;
  }
}

/**
 * The refusal with the way to the command's --help: after a colon ("unknown option --db for jampr plan: see jampr
 * plan --help"), or a semicolon where the message already says after a colon what to do ("give it once; see …").
 */
export const withHelp = (message: string, command: string): string =>
  `${message}${message.includes(': ') ? ';' : ':'} see jampr ${command} --help`;
