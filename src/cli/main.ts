import { AppError } from '../shared/errors.js';
import { EXIT } from './exit-codes.js';

/** `jampr <command>`: each command lives in its own module and is loaded only when used. */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(argv: string[]): Promise<void> }> }> = {
  generate: { summary: 'generate --size N --count C --seed S --out FILE.jsonl', load: () => import('./commands/generate.js') },
  plan: {
    summary: 'plan INSTANCE --variant tw1|tw2|tw3 --method random|classical|jampr|am [...]',
    load: () => import('./commands/plan.js'),
  },
  eval: { summary: 'eval INSTANCE PLAN.json --variant tw1|tw2|tw3', load: () => import('./commands/evaluate.js') },
  bench: { summary: 'bench [--size N] [--count C] [--methods a,b] [--variant v]', load: () => import('./commands/bench.js') },
  train: {
    summary: 'train --variant tw1 --size 20 [--from DIR] [--instances FILE.jsonl] [--minutes M] [--threads T] --out DIR',
    load: () => import('./commands/train.js'),
  },
  info: { summary: 'info: versions, TensorFlow.js backend, shipped models', load: () => import('./commands/info.js') },
};

function usage(): string {
  return ['usage: jampr <command> [options]', '', ...Object.values(COMMANDS).map((c) => `  jampr ${c.summary}`)].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new AppError('input', `unknown command '${name}'\n${usage()}`);
  await (await command.load()).run(rest);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // A user's mistake gets its message only; a stack trace is printed for defects, where it helps a bug report.
  if (err instanceof AppError && err.kind !== 'internal') {
    process.stderr.write(`jampr: ${err.message}\n`);
    process.exitCode = err.kind === 'cancelled' ? EXIT.interrupted : EXIT.input;
  } else {
    process.stderr.write(`jampr: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = EXIT.internal;
  }
});
