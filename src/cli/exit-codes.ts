/**
 * The exit codes of `jampr`, documented in the README. Scripts can tell "nothing came out" (1) from "a plan
 * came out but it breaks rules or leaves customers unserved" (2).
 */
export const EXIT = {
  /** Done; a plan, if any, is feasible and serves every customer. */
  ok: 0,
  /** Bad input (arguments, files, models, the database): a clear message on stderr, nothing produced. */
  input: 1,
  /** A plan was produced (and written) but it is not feasible: violations, unserved customers among them, on stderr. */
  infeasible: 2,
  /** A defect in jampr itself: the message and a stack trace on stderr for a bug report. */
  internal: 3,
  /** Stopped by Ctrl-C. */
  interrupted: 130,
} as const;
