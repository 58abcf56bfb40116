import { AppError } from '../../shared/errors.js';

/** Solvers return their best plan so far when aborted; a cancelled job must not be mistaken for a result. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('cancelled', 'cancelled before it finished');
}
