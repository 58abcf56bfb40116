import type { VariantRequest } from '../../shared/api.js';
import { makeVariant, type Variant } from '../../shared/domain.js';

/** A variant from the wire: the preset's defaults with the parameters the request gives. */
export const toVariant = (v: VariantRequest): Variant => makeVariant(v.name, { alpha: v.alpha, beta: v.beta, penalty: v.penalty });
