/**
 * A stop moved from the plan's panel (its move picker, a not-served customer's picker, a chip dropped on a route) takes
 * the control the keyboard was on with it: the picker is drawn anew under the stop's new route, the not-served entry
 * goes. The keyboard's focus went to the page's top, dozens of Tabs away. It goes to the stop where it landed instead:
 * its chip in its new route, or its not-served entry's picker once the routes are scored (left off every route).
 */
import { useCallback, useEffect, useRef } from 'react';

/** The attribute naming the stop of a control that stands for it in the panel (its chip, its not-served picker). */
export const STOP_CONTROL = 'data-stop-control';

type MoveStop = (customerId: string, toRoute: number, position?: number) => void;

/**
 * `moveStop` for the panel's controls, and the ref of the panel, in which the moved stop's control is looked for.
 * `routes` are the routes the panel shows: the focus moves once they change.
 */
export function useFocusMovedStop<T extends HTMLElement>(onMoveStop: MoveStop, routes: unknown) {
  const panel = useRef<T>(null);
  const shown = useRef(routes);
  shown.current = routes;
  // The stop moved last, and the routes it was moved from, while its control is still to be focused.
  const landing = useRef<{ id: string; from: unknown } | null>(null);
  const moveStop = useCallback<MoveStop>(
    (customerId, toRoute, position) => {
      landing.current = { id: customerId, from: shown.current };
      onMoveStop(customerId, toRoute, position);
    },
    [onMoveStop],
  );
  // After every drawing of the panel: its stop's control may come only once the edited routes are scored. Not before
  // the routes changed: an effect of an earlier drawing may run first, with the picker still there.
  useEffect(() => {
    const moved = landing.current;
    if (moved === null || routes === moved.from) return;
    // Focus somewhere (the dispatcher went on elsewhere): left there.
    if (document.activeElement && document.activeElement !== document.body) {
      landing.current = null;
      return;
    }
    const control = panel.current?.querySelector<HTMLElement>(`[${STOP_CONTROL}="${CSS.escape(moved.id)}"]`);
    if (!control) return;
    landing.current = null;
    control.focus();
  });
  return { panel, moveStop };
}
