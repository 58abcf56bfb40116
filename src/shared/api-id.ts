import { z } from 'zod';

/** A stored row's id (a day, a plan, a model, a training run), as every request of the API gives it. */
export const idSchema = z.number().int().positive();
