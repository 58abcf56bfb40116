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
  /**
   * Stopped by Ctrl-C (SIGINT). SIGTERM and SIGHUP stop a command the same way (interrupt.ts), with the status a shell
   * gives a process the signal ended: 128 + its number.
   */
  interrupted: 130,
  /** Stopped by SIGTERM (a service manager, `kill`, a CI job's timeout), as by Ctrl-C. */
  terminated: 143,
  /** Stopped by SIGHUP (the terminal closed, an ssh session dropped), as by Ctrl-C. */
  hungUp: 129,
} as const;

/** What each code means, as `jampr --help` lists it; docs/limits.md's table says the same at length (a test checks both list every code). */
export const EXIT_CODE_HELP: readonly (readonly [number, string])[] = [
  [EXIT.ok, 'done; a plan, if any, is feasible and serves every customer'],
  [EXIT.input, 'bad input (arguments, files, models, the database): one message on stderr (after any warnings), nothing produced'],
  [EXIT.infeasible, 'plan, eval: a plan was produced (and written) but breaks a rule or leaves customers unserved'],
  [EXIT.internal, 'a defect in jampr: the message and a stack trace on stderr, for a bug report'],
  [EXIT.interrupted, 'stopped by Ctrl-C (what each command keeps then: its --help)'],
  [EXIT.terminated, 'stopped by SIGTERM (kill, a service manager), as by Ctrl-C'],
  [EXIT.hungUp, 'stopped by SIGHUP (the terminal closed), as by Ctrl-C'],
];
