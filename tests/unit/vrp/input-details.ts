import { AppError } from '../../../src/shared/errors.js';

/** The problems an input error lists; fails the test where `read` does not refuse its input. */
export function inputDetails(read: () => unknown): string[] {
  try {
    read();
  } catch (e) {
    if (e instanceof AppError && e.kind === 'input') return e.details;
    throw e;
  }
  throw new Error('expected the input to be refused');
}
