/**
 * A function of an object that is never changed once made (a problem, a decoding state), computed on its first call
 * for that object and kept as long as the object lives: the model frame, the customers' work, the pair features.
 */
export function cachedPer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      values.set(key, value);
    }
    return value;
  };
}
