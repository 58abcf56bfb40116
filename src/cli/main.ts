import { AppError } from '../shared/errors.js';
import { EXIT, EXIT_CODE_HELP } from './exit-codes.js';
import { COMMAND_HELP, wantsHelp } from './help.js';
import { printWarning } from './print-warning.js';
import { UsageError, withHelp } from './usage.js';
import { JAMPR_VERSION } from './version.js';

/** `jampr <command>`: each command lives in its own module and is loaded only when used. */
const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<void> }>> = {
  generate: () => import('./commands/generate.js'),
  plan: () => import('./commands/plan.js'),
  eval: () => import('./commands/evaluate.js'),
  bench: () => import('./commands/bench.js'),
  train: () => import('./commands/train.js'),
  info: () => import('./commands/info.js'),
};

function usage(): string {
  return [
    'usage: jampr <command> [options]',
    '',
    ...Object.keys(COMMANDS).map((name) => `  ${COMMAND_HELP[name][0]}`),
    '',
    "jampr <command> --help lists a command's options; jampr --version prints the version.",
    '',
    'exit codes:',
    ...EXIT_CODE_HELP.map(([code, meaning]) => `  ${String(code).padEnd(5)}${meaning}`),
  ].join('\n');
}

/** A command's --help, with the way to the exit codes every command shares. */
const commandHelp = (name: string): string => `usage: ${[...COMMAND_HELP[name], 'Exit codes: jampr --help lists them.'].join('\n')}`;

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  // `jampr help plan` is `jampr plan --help`.
  if (name === 'help' && rest[0] !== undefined && COMMANDS[rest[0]]) {
    console.log(commandHelp(rest[0]));
    return;
  }
  // As other command-line tools do: a script asks which jampr it runs before relying on a flag.
  if (name === '--version' || name === '-v') {
    if (rest.length > 0) throw new AppError('input', `${name} takes no arguments, got ${rest[0]}`);
    console.log(JAMPR_VERSION);
    return;
  }
  if (name === 'help' || wantsHelp([name])) {
    console.log(usage());
    return;
  }
  // A bare `jampr` in a script is a mistake: the usage goes to stderr and the exit code says so.
  if (!name) throw new AppError('input', `no command given\n${usage()}`);
  const load = COMMANDS[name];
  if (!load) throw new AppError('input', `unknown command '${name}'\n${usage()}`);
  if (wantsHelp(rest)) {
    console.log(commandHelp(name));
    return;
  }
  try {
    await (await load()).run(rest);
  } catch (err) {
    // Every refusal of the command line points to the command's help, in one way (usage.ts).
    throw err instanceof UsageError ? new AppError('input', withHelp(err.message, name)) : err;
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // A user's mistake gets its message only; a stack trace is printed for defects, where it helps a bug report.
  if (err instanceof AppError && err.kind !== 'internal') {
    // The refused input's warnings first (one may explain the refusal), the refusal last, where the eye lands.
    for (const warning of err.warnings) printWarning(warning);
    process.stderr.write(`jampr: ${err.message}\n`);
    process.exitCode = err.kind === 'cancelled' ? EXIT.interrupted : EXIT.input;
  } else {
    process.stderr.write(`jampr: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = EXIT.internal;
  }
});
