/**
 * The height most measured rows of a windowed list have (the estimate given before any is), and the virtualiser's
 * measuring that counts them: the rows not drawn stand in at that height. The commonest rather than the mean, so that
 * the few taller rows (a customer's messages under it, the open day's plans) do not stretch the rest.
 */
import { measureElement } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';

export function useTypicalHeight(estimate: number) {
  const [height, setHeight] = useState(estimate);
  // Each measured row's height, by its key; how many rows have each height.
  const byRow = useRef(new Map<unknown, number>());
  const counts = useRef(new Map<number, number>());
  const measure = useCallback<typeof measureElement<Element>>(
    (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      const key = instance.options.getItemKey(instance.indexFromElement(element));
      const was = byRow.current.get(key);
      if (was === size) return size;
      if (was !== undefined) counts.current.set(was, (counts.current.get(was) ?? 1) - 1);
      byRow.current.set(key, size);
      counts.current.set(size, (counts.current.get(size) ?? 0) + 1);
      let commonest = estimate;
      let most = 0;
      for (const [h, n] of counts.current) if (n > most) [commonest, most] = [h, n];
      setHeight(commonest);
      return size;
    },
    [estimate],
  );
  return { height, measure };
}
