/**
 * JSON as the HTTP transport writes it. JSON has no Infinity, yet a tw1 variant's beta is Infinity, so
 * non-finite numbers travel as {"$number":"Infinity"} and come back as numbers. IPC needs none of this:
 * structured clone keeps them.
 */
const NON_FINITE_KEY = '$number';

export const toWire = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { [NON_FINITE_KEY]: String(v) } : v));

export const fromWire = (text: string): unknown =>
  JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const tagged = (v as Record<string, unknown>)[NON_FINITE_KEY];
      if (keys.length === 1 && typeof tagged === 'string') return Number(tagged);
    }
    return v;
  });
