/** The map's key to its markers' order badges and rings, listing only what the shown plan has (mapKeyItems), styled like the timeline's. */
import type { MapKeyItem } from './map-key-items.js';

const LABELS: Record<MapKeyItem, { label: string; title: string }> = {
  order: { label: 'order in route', title: "The stop's place in its vehicle's route, in the route's colour: 1 is driven first" },
  late: { label: 'late', title: 'Reached after its window closes' },
  early: { label: 'early', title: 'Served before its window opens (soft windows serve on arrival)' },
  wait: { label: 'waits', title: 'Reached before its window opens: the driver waits for it' },
  unserved: { label: 'not served', title: 'Left out of every route' },
};

export function MapKey({ items, testId }: { items: MapKeyItem[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="map-key" data-testid={testId}>
      {items.map((item) => (
        <span key={item} title={LABELS[item].title} data-testid={`${testId}-${item}`}>
          {item === 'order' ? <i className="key key-order" /> : <i className={`key key-ring key-ring-${item}`} />}
          {LABELS[item].label}
        </span>
      ))}
    </div>
  );
}
