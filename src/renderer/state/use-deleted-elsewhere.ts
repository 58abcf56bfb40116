/**
 * What another window or tab deleted of what is on screen here (use-changes-elsewhere.ts marks it): the day, or the
 * plan of it on screen. Either stays on screen, unsaved edits and all, and is said so (elsewhere-notes.tsx, the plan
 * panel) until the dispatcher shows another day or plan, or keeps it as a new one.
 */
import { useState } from 'react';

export function useDeletedElsewhere(dayId: number | null, planId: number | null) {
  const [dayGone, markDeletedElsewhere] = useState<number | null>(null);
  const [planGone, markPlanDeletedElsewhere] = useState<number | null>(null);
  return {
    deletedElsewhere: dayId !== null && dayGone === dayId,
    planDeletedElsewhere: planId !== null && planGone === planId,
    /** The day with this id was deleted in another window (said where it is on screen). */
    markDeletedElsewhere,
    /** The plan with this id was deleted in another window (said where it is on screen). */
    markPlanDeletedElsewhere,
  };
}
