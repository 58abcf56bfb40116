/** The small error taxonomy every boundary (CLI, IPC, HTTP, worker) speaks. */
/**
 * 'busy': refused because too much work is already waiting; the same request may succeed later.
 * 'conflict': refused because of what another window or tab did: the stored data changed (or went) since it was read,
 * or a training run it started is still running.
 * 'unavailable': stopped or refused because the server is stopping; nobody cancelled it, and the same request may
 * succeed once it runs again.
 */
export const ERROR_KINDS = ['input', 'model', 'storage', 'cancelled', 'busy', 'conflict', 'unavailable', 'internal'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface AppErrorData {
  kind: ErrorKind;
  message: string;
  /** Every individual problem when one input has several (e.g. each bad CSV row). */
  details?: string[];
  /**
   * The stored day or plan (or days) that a refusal names by id, being gone (deleted elsewhere), and the `words` of the
   * message that name it ("the instance with id 6"): a window that knows the day's name says it there instead.
   */
  missing?: MissingRecord;
  /**
   * What the refused input also gets wrong, or may: the warnings it would have had if accepted (a CSV's times read
   * as morning), told with the refusal so that the next try is the last, and where they explain a problem.
   */
  warnings?: string[];
}

/** What an AppError carries besides its message and details. */
export interface AppErrorExtras {
  missing?: MissingRecord;
  warnings?: readonly string[];
}

export type MissingRecord =
  | { what: 'day' | 'plan'; id: number; words: string }
  /** Several days gone at once (days chosen to learn from): `words` list their ids, `ids` all of them. */
  | { what: 'days'; ids: number[]; words: string };

/** How an AppError's message lists its details, after its first line. */
const listed = (details: readonly string[]) => (details.length ? `\n  - ${details.join('\n  - ')}` : '');

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly details: string[];
  readonly missing?: MissingRecord;
  readonly warnings: readonly string[];
  constructor(kind: ErrorKind, message: string, details: string[] = [], { missing, warnings = [] }: AppErrorExtras = {}) {
    super(`${message}${listed(details)}`);
    this.name = 'AppError';
    this.kind = kind;
    this.details = details;
    this.warnings = warnings;
    if (missing) this.missing = missing;
  }
  toData(): AppErrorData {
    const data: AppErrorData = { kind: this.kind, message: this.message, details: this.details.length ? this.details : undefined };
    return {
      ...data,
      ...(this.missing ? { missing: this.missing } : {}),
      ...(this.warnings.length ? { warnings: [...this.warnings] } : {}),
    };
  }
}

/** Bad user input: names the problem; nothing was changed. */
export const inputError = (message: string, details: string[] = [], warnings: readonly string[] = []) =>
  new AppError('input', message, details, { warnings });

/**
 * The AppError that toData's form describes, as sent across a thread or process: its message lists the details
 * already, so they are not listed a second time.
 */
export function fromErrorData({ kind, message, details = [], missing, warnings }: AppErrorData): AppError {
  const list = listed(details);
  return new AppError(kind, list && message.endsWith(list) ? message.slice(0, -list.length) : message, details, { missing, warnings });
}

export function toErrorData(err: unknown): AppErrorData {
  if (err instanceof AppError) return err.toData();
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) };
}
