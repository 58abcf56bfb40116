/**
 * `jampr <command> --help`: what each command reads (the flags its parseFlags accepts). The first line of each is
 * also its line in `jampr --help`.
 */
import { MAX_PRICE, MAX_SEED, MIN_TRAINING_MINUTES } from '../shared/limits.js';
import { BENCH_DEFAULTS } from './args.js';
import { DEFAULT_RANDOM_SAMPLES, DEFAULT_SAMPLES, DEFAULT_TIME_LIMIT_SEC } from '../shared/methods.js';
import { messageNumber } from '../shared/number-text.js';
const INSTANCE_FILES =
  'INSTANCE is a customer .csv (or .tsv), an instance .json (or a .jsonl of one), a Solomon .txt (a customer table saved as .txt is read as one) or a VRPLIB .vrp file.';
const INSTANCE = [
  INSTANCE_FILES,
  '  --first N            keep the depot and the first N customers',
  '  --vehicles K         fleet size (a CSV without it: one vehicle per customer)',
  '  --capacity Q         vehicle capacity, a positive whole number (required for a CSV; demands may have decimals)',
  '  --speed KMH          travel speed in km/h (required for a CSV with lat/lon)',
];
/** eval scores with the fleet the plan file records where a flag does not give one: its fleet flags override it. */
const EVAL_INSTANCE = [
  INSTANCE_FILES,
  '  --first N            keep the depot and the first N customers',
  "  --vehicles K --capacity Q --speed KMH   the fleet to score with instead of the plan file's; a CSV whose plan",
  '                       file records no fleet reads them as jampr plan does',
];
/** The policy flags; `fallback` says which policy applies without --variant. */
const policy = (fallback: string) => [
  `  --variant tw1|tw2|tw3   hard, partly soft or soft windows (${fallback})`,
  "  --alpha A --beta B --penalty linear|quadratic   the policy's prices per minute early (A) and late (B), each",
  `                       at most ${messageNumber(MAX_PRICE)} (docs/cost.md)`,
];
const POLICY = policy('default tw1');
/** What --seed takes, in every command that has it (SEED_FLAG_BOUNDS, args.ts). */
const SEEDS = `a whole number from 0 to ${MAX_SEED}`;

export const COMMAND_HELP: Record<string, string[]> = {
  generate: [
    'jampr generate --size N --out FILE.jsonl [--count C (default 1)] [--seed S (default 1)] [--city]',
    `S is ${SEEDS}: the same seed writes the same instances.`,
    "Writes C instances of the paper's generator (N customers, R201-like) as JSON Lines, each as it is generated, under",
    'the name asked for once all are. Ctrl-C stops it at once and says how far it came: nothing is written (exit 130;',
    'SIGTERM, SIGHUP alike: exit 143, 129).',
    '  --city               city days instead, as dispatchers import them: stops in one city as lat/lon, clock-time',
    '                       windows, a fixed fleet a little above what the demand needs; without --size each has 20 to',
    '                       150 stops (the real-days benchmark: --count 50 --seed 2026)',
    '  --out FILE.csv       one day (--count 1) as the customer CSV the app imports; its fleet, which a CSV has no',
    '                       column for, is said on stderr as the flags jampr plan takes',
  ],
  plan: [
    'jampr plan INSTANCE [--variant tw1|tw2|tw3] [--method classical|jampr|am|random] [options]',
    'Plans one instance and prints the plan (or its totals with --out); exit 2 if it is not feasible or leaves customers.',
    ...INSTANCE,
    ...POLICY,
    '  --method classical|jampr|am|random   (default classical)',
    '  --time-limit S       classical: seconds of search, and of fitting its plan to the fleet where it has routes beyond',
    '                       it; random: seconds to draw its plans in, the best so far kept',
    `                       (default ${DEFAULT_TIME_LIMIT_SEC} each)`,
    '  --decode greedy|sample   jampr, am: greedy decoding or the best of sampled plans (default greedy)',
    `  --samples N          jampr, am: plans to sample (implies --decode sample; default ${DEFAULT_SAMPLES}, the paper's:`,
    '                       minutes on a 100-stop day on two cores; the app starts at 128); random: plans to draw.',
    "                       The model's 8 greedy views count among the candidates: where no draw beats them, the plan",
    '                       is their best whatever the --seed, and says so ("greedyKept": true, and a note on stderr)',
    "  --improve S          jampr, am: seconds of local search from the model's plan",
    '  --model DIR          jampr, am: a model folder (default: the shipped model nearest in size)',
    `  --seed S             ${SEEDS} (default 1): the same plan again for the models and random (where it drew all its`,
    '                       plans within its time limit). The local search (classical, --improve) is timed: a run',
    '                       may differ where it got further, and from 100 customers and a 3 s limit searches run on',
    '                       every core, exchanging plans as the clock goes: a time-limited search repeats its plan',
    '                       for a seed only with --iterations',
    '  --iterations N       classical: end the search after N rounds of guided local search, in one search on one core,',
    '                       so that the same --seed gives the same plan on any machine; the --time-limit still holds, and',
    '                       where it ends the search first a note says the plan may differ (give a longer limit)',
    '  --out FILE           write the plan there: the plan CSV for .csv, JSON for .json or no extension (others are refused)',
    '  --decimal-comma      with --out FILE.csv: the plan CSV for Excel in a language that writes decimals with a comma',
    "                       (German, French, ...): ';' between columns, numbers written 12,5",
    'Ctrl-C cancels the plan at once: nothing is written (exit 130; SIGTERM, SIGHUP alike: exit 143, 129).',
  ],
  eval: [
    'jampr eval INSTANCE PLAN.json [--variant tw1|tw2|tw3] [options]',
    "Prices a plan with the evaluator; exit 2 if it is not feasible. The policy is the plan file's own (tw1 where it",
    'names none) unless --variant is given; a plan made for another policy or instance is scored with a warning.',
    'A customer CSV is scored with the plan file\'s fleet (its "fleet") where --vehicles, --capacity or --speed do not give it.',
    ...EVAL_INSTANCE,
    ...policy("default: the plan file's own, tw1 where it names none"),
    "  --stops              list every stop's times (also as HH:MM on a clock-time day)",
    '  --out FILE.csv       also write the plan CSV of the routes as scored (a plan edited by hand, for its drivers)',
    "  --decimal-comma      that CSV for Excel in a language that writes decimals with a comma: ';' between columns, 12,5",
  ],
  bench: [
    'jampr bench [--size N] [--count C] [--methods a,b] [--variant v] [options]',
    'Compares methods on generated (or Solomon) instances and prints a table. Its cost, k and dist are means over the',
    'feasible plans only: a plan that breaks a rule or leaves unserved a customer some plan could serve is counted under',
    'infeasible instead (one leaving out only customers no plan can serve, such as a window nobody reaches, counts).',
    'Its t leaves out loading TensorFlow.js and a model: untimed plans of the first instance load and warm them up',
    'before the first learned row, and the line above the table says how long they took.',
    `  --size N --count C --seed S   generated instances (default 20, 100, 1234; S ${SEEDS})`,
    '  --solomon FILE,FILE [--first N]   instance files instead: each a customer .csv (or .tsv), an instance .json',
    '                       (or a .jsonl of one), a Solomon .txt or a VRPLIB .vrp file',
    '  --vehicles K --capacity Q --speed KMH   their fleet, as for jampr plan (a CSV needs --capacity; --speed KMH',
    '                       for lat/lon)',
    `  --methods a,b        e.g. random,classical,jampr-greedy,jampr-sample,jampr-ls (default ${BENCH_DEFAULTS.methods})`,
    `  --time-limit S --samples N --improve S --model DIR   as for jampr plan, but each with its own default here:`,
    `                       ${BENCH_DEFAULTS['time-limit']} s, ${BENCH_DEFAULTS.samples} samples, ${BENCH_DEFAULTS.improve} s of local search;`,
    `                       random reads --samples and --time-limit only where given (else ${messageNumber(DEFAULT_RANDOM_SAMPLES)} plans, ${DEFAULT_TIME_LIMIT_SEC} s)`,
    ...POLICY,
    '  --speed [--gap-instances a,b --gap-seconds S]   the speed figures as JSON (--speed with no value)',
    'Ctrl-C stops the table at once and says in which row (exit 130): the rows printed are complete, the rest are not',
    'printed. With --speed it says in which figure, none being printed (they are printed together at the end).',
    'SIGTERM and SIGHUP stop it alike (exit 143, 129).',
  ],
  train: [
    'jampr train --out DIR [--variant tw1|tw2|tw3] [--size N] [options]',
    'Trains a JAMPR model and writes checkpoints to DIR. The model plans only where asked for (jampr plan --model DIR):',
    'as the app activates a retrained model only once it plans held-out days better, DIR may not lie in the folder',
    'jampr plan takes its models from unasked (resources/models, or $JAMPR_MODELS_DIR) where a model of the policy is.',
    '  --variant tw1|tw2|tw3 --size N   the policy and the number of customers it learns (default tw1, 20)',
    '  --from DIR           continue from a model folder',
    "  --instances FILE.jsonl   train on these days (perturbed) instead of the generator. As the app's Training tab",
    '                       does, the last ones are held out (a fifth; one of two or three days, at least three from',
    '                       four days on): the validation cost is drawn on them, and at the end the new model and the',
    '                       one it started from (without --from: each day the one jampr plans that day with) plan',
    '                       them greedily. The',
    '                       verdict on stderr, and "better" in the JSON, say whether it plans them better: fewer',
    '                       customers unserved, or as few at a lower cost day by day (the geometric mean of the',
    '                       per-day cost ratios: each day weighs alike, whatever its size or units), on at least 3',
    '                       held-out days',
    `  --minutes M          the run's wall time, roughly (default 10, at least ${MIN_TRAINING_MINUTES}): measuring the model on`,
    '                       its validation instances when it starts and again when it ends counts in it, so a short run',
    '                       may take no training step. Where the minutes look too few for one at this size on these',
    '                       days (the estimate of a busy two-core machine, as the Training form makes it), a warning',
    '                       before the run names the fewest that fit; the run goes on as asked. A run that trained no',
    '                       step keeps no model, as the app keeps none: it says so at its end, leaves nothing in DIR',
    '                       and exits 1. Otherwise the JSON gives the estimate ("estimate") and the steps ("steps")',
    '  --threads T          threads that share each step (default: every core)',
    "  --name NAME          the model's name (default: DIR's folder name)",
    'Without held-out days, a model that ends worse on its validation instances than it started is said not to be',
    'better ("better": false).',
    'Ctrl-C stops it (exit 130): while it measures the model or fits its pair bias at once, writing nothing; during',
    'training after the step under way (on several threads: the steps then in flight, one a thread), saving the model',
    'so far at once, not measured again nor compared on held-out days, its card saying it stopped early. Ctrl-C again',
    'quits at once without saving: DIR then holds its last complete checkpoint, or nothing. SIGTERM and SIGHUP stop it',
    'alike (exit 143, 129).',
  ],
  info: ['jampr info', 'Prints versions, the TensorFlow.js backend and the shipped models.'],
};

export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');
