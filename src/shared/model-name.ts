/**
 * The name a training run may be asked to give its model, by the app's Training tab, the API and `jampr train --name`
 * alike, checked before the run starts: at most as long as the card allows (checkpoint-files.ts reads cards with the
 * same limit, so a run never ends with a model nothing can load), and without control characters (a tab, a line
 * break, NUL: the models list, the plan's "model" line and a CLI verdict would print them as they are). Cards written
 * before this rule are read whatever characters their name holds.
 */
import { z } from 'zod';
import { noControl } from './domain.js';
import { MAX_MODEL_NAME_CHARS } from './limits.js';

export const modelNameSchema = noControl(
  z
    .string()
    .min(1, 'is empty: give a name, or leave it out for the default')
    .max(MAX_MODEL_NAME_CHARS, `is longer than ${MAX_MODEL_NAME_CHARS} characters, the most a model name may have: shorten it`),
);
