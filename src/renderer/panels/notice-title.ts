/**
 * A banner's heading: what went wrong, by the error's kind ("Unexpected error", "Input problem"), unless the notice
 * names itself (a lost connection is no error of the app's, and the page carries on once the server is back).
 */
import type { ErrorKind } from '../../shared/errors.js';
import type { Notice } from '../hooks/use-notices.js';

const KIND_LABEL: Record<ErrorKind, string> = {
  input: 'Input problem',
  model: 'Model problem',
  storage: 'Storage problem',
  cancelled: 'Cancelled',
  busy: 'Busy',
  conflict: 'Changed elsewhere',
  unavailable: 'Server stopping',
  internal: 'Unexpected error',
};

export const noticeTitle = (notice: Pick<Notice, 'kind' | 'title'>): string => notice.title ?? KIND_LABEL[notice.kind];
