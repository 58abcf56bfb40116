import { variantSchema, type Variant } from '../../shared/domain.js';

/** A plan's variant as the store keeps it: plain JSON (tw1 has no lateness price, so nothing needs a stand-in). */
export const variantToJson = (v: Variant): string => JSON.stringify(v);

/** Checked on the way in; rows written before tw1 lost its lateness price carry `"beta": null`, which is dropped. */
export const variantFromJson = (text: string): Variant => variantSchema.parse(JSON.parse(text));
