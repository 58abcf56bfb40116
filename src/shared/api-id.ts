import { z } from 'zod';

/** A stored row's id (a day, a plan, a model, a training run), as every request of the API gives it. */
export const idSchema = z.number().int().positive();

/**
 * A version of a stored instance, as a request names it (`basedOn`): the instance's `updatedAt`, which the store writes
 * as an ISO timestamp to the millisecond (store/instances.ts). Anything else is a caller's mistake, refused as such,
 * not a version that someone else replaced (a conflict).
 */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const versionStampSchema = z
  .string()
  .refine(
    (stamp) => STAMP.test(stamp) && !Number.isNaN(Date.parse(stamp)),
    "is not an instance's updatedAt (a timestamp such as 2026-03-02T08:15:00.000Z): send the updatedAt the instance was read with, or leave basedOn out",
  );
