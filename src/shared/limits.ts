/**
 * The product's size limits, one place for the API schemas, the readers and the CLI (documented in
 * docs/limits.md with the measurements they were chosen from).
 */

/**
 * Customers in one instance: ten times a large dispatcher's day, and the size at which the classical solver
 * still keeps a 2 s time limit (2.7 s from request to plan, 164 MiB; at 5,000 customers building its neighbour
 * lists alone takes 16 s). Measured by bench/size-limit.ts, figures in bench/RESULTS.md.
 */
export const MAX_CUSTOMERS = 2_000;

/**
 * Customers a learned model (JAMPR, AM+TW) plans at most. It places one stop at a time and checks the fleet at each,
 * so on city days under hard windows its time grows faster than the square of the day: JAMPR greedy took 6 s at 300
 * stops, 25 s at 600 and 188 s at 1,000 on the 2-core machine (bench/RESULTS.md, "Reliability"); one of 2,000 was
 * still running after 30 minutes. The models are trained on days of up to 150 stops; the classical solver plans any
 * size within its time limit.
 */
export const MAX_MODEL_CUSTOMERS = 1_000;

/** From this many customers on, the app tells the dispatcher that a learned model takes minutes, not seconds. */
export const SLOW_MODEL_CUSTOMERS = 400;

/** Sampled plans per request: 100,000 samples of a 100-customer instance take minutes already. */
export const MAX_SAMPLES = 100_000;
/** Seconds a solver may be given. */
export const MAX_TIME_LIMIT_SEC = 600;
/** The shortest time limit of the classical solver: less is no search at all, only its construction. */
export const MIN_TIME_LIMIT_SEC = 0.1;

/** The longest training run one request may ask for, in the app and in `jampr train`: a day. */
export const MAX_TRAINING_MINUTES = 24 * 60;
/**
 * The shortest, in the app and in `jampr train`: before its first step a run measures the model it starts from and
 * fits its pair bias, and it keeps time to measure it again at its end. From the shipped 20-customer model (tw1,
 * generated days, `jampr train` on the 2-core machine under other load; a run starts from the shipped model unless
 * asked otherwise), runs of 0.05 and 0.1 minutes took no step, 0.25 took one in one run of two, 0.5 in both; at 50
 * customers 1 minute took none, 2 did (a run that takes none says so and keeps no model).
 */
export const MIN_TRAINING_MINUTES = 0.5;
/** Completes "… is under MIN_TRAINING_MINUTES, ": the refusal of a shorter run, by the API and `jampr train` alike. */
export const SHORTEST_TRAINING_RUN = `the shortest training run: a shorter run spends its minutes getting ready (measuring the model it starts from, fitting its pair bias) and takes no training step; give it at least ${MIN_TRAINING_MINUTES} minutes`;
/** The fewest customers a model is trained for, in the app and in `jampr train`. */
export const MIN_TRAINING_SIZE = 5;
/** The most the app trains for (the paper's largest models); `jampr train` goes up to MAX_CUSTOMERS. */
export const MAX_APP_TRAINING_SIZE = 100;

/**
 * Vehicles in one fleet: five times a vehicle per customer of the largest instance, so a day never lacks one, while a
 * typo of 2,000,000,000 is refused rather than sizing the model's arrays.
 */
export const MAX_VEHICLES = 10_000;

/**
 * The largest coordinate, time, service or demand an instance may hold: a national grid in metres and a thousand
 * years in minutes fit, while numbers near the floating-point limit would make distances and costs overflow to
 * infinity (a plan "costing" null).
 */
export const MAX_MAGNITUDE = 1e9;

/**
 * The largest price per minute of earliness or lateness that `jampr`'s --alpha and --beta take: a minute early or late
 * priced as about a week of driving (10,000 minutes) already outweighs any route; a larger one swamps the distance it
 * is weighed against (alpha 1e12 priced a day of 5 customers at 10^14) and is a slip or a unit mix-up.
 */
export const MAX_PRICE = 10_000;

/**
 * The largest seed (`jampr --seed`, a plan request's `seed`); the smallest is 0. The random numbers start from 32 bits
 * of the seed (src/main/vrp/rng.ts), so a larger or a negative one silently gave the plan of another (4294967297 that of
 * 1, -1 that of 4294967295): refused instead, naming the range.
 */
export const MAX_SEED = 2 ** 32 - 1;

/** Travel speeds a lat/lon day may use, in km/h: walking to a motorway and well beyond, not a millionth of a metre an hour. */
export const SPEED_KMH_RANGE = [0.1, 1_000] as const;

/**
 * The longest id (a customer's, the depot's) an instance sent to be kept may have: an order reference or a shop code
 * with room to spare; a longer one is a pasted cell or a column mix-up. Stored days are read whatever they hold.
 */
export const MAX_ID_CHARS = 100;

/**
 * The longest name or address (a customer's, the depot's, the instance's) an instance sent to be kept may have: a
 * company's full legal name and a full address fit, and a driver sheet prints it whole (driver-sheet.ts); a megabyte
 * pasted into a name is refused. Stored days are read whatever they hold.
 */
export const MAX_TEXT_CHARS = 500;

/**
 * The longest name a model may have, on its card.json and as a training run is asked for it: room for a descriptive
 * name; the run's folder is named from its first 100 characters, and at most 250 bytes of them (safeFileName), so that
 * a name in a script of several bytes a letter (200 Chinese characters are 600 bytes) still names a folder the disk
 * takes (255 bytes).
 */
export const MAX_MODEL_NAME_CHARS = 200;

/**
 * The longest file name a CSV import may give: what the disks of Windows, macOS and Linux allow (255). The day is named
 * from it, so a longer one would be refused as the instance's name, which the dispatcher never typed.
 */
export const MAX_FILE_NAME_CHARS = 255;
