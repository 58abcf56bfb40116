import { roundCurveCost } from '../card.js';
import { readCardJson } from '../checkpoint-files.js';
import { saveCard } from '../checkpoint.js';
import { validatedByVerdictNote } from './card-notes.js';

/** The verdict's figures for the saved model: the mean cost of its plans of the held-out days, the customers left unserved. */
export interface VerdictMeasure {
  cost: number;
  unserved: number;
}

/**
 * A cancelled run saves its model at once, without a last validation (train.ts), and the app then plans the held-out days
 * with that model for its verdict (jobs/train.ts), which is what the curve measures where it is in plan costs
 * (plan-validation.ts). That measurement becomes the curve's last point, at the instances the model saw, rather than the
 * days being planned twice: the Models table (the card's last point), the learning curve and the verdict then give one
 * figure, where the table showed the starting model's. The early-stop note says where the point came from. Returns the
 * point's cost, or null where the card's curve is not in plan costs or already ends on the saved model.
 */
export async function addVerdictPoint(dir: string, measured: VerdictMeasure, stoppedEarly: string | null): Promise<number | null> {
  const card = readCardJson(dir);
  const last = card.validation.curve.at(-1);
  if (card.validation.measure !== 'plans' || (last && last.instances >= card.instancesTrained)) return null;
  const cost = roundCurveCost(measured.cost);
  const point = {
    instances: card.instancesTrained,
    cpuSeconds: card.cpuSeconds,
    cost,
    epoch: card.training?.epoch ?? last?.epoch ?? 0,
    unserved: measured.unserved,
  };
  const notes = stoppedEarly && card.notes ? card.notes.replace(stoppedEarly, validatedByVerdictNote(stoppedEarly)) : card.notes;
  await saveCard(dir, {
    ...card,
    validation: { ...card.validation, curve: [...card.validation.curve, point] },
    ...(notes !== undefined ? { notes } : {}),
  });
  return cost;
}

/**
 * Restates the card's last validation point as the verdict's figures where the verdict judged other days than the run
 * validated on (a held-out day edited or deleted during it: services/verdict-figures.ts), so that the Models table,
 * which shows that point, gives the verdict's figure. Only a curve in plan costs that ends on the saved model is
 * restated. Returns whether the card was written.
 */
export async function restateVerdictPoint(dir: string, measured: VerdictMeasure): Promise<boolean> {
  const card = readCardJson(dir);
  const last = card.validation.curve.at(-1);
  if (card.validation.measure !== 'plans' || !last || last.instances !== card.instancesTrained) return false;
  const point = { ...last, cost: roundCurveCost(measured.cost), unserved: measured.unserved };
  await saveCard(dir, { ...card, validation: { ...card.validation, curve: [...card.validation.curve.slice(0, -1), point] } });
  return true;
}
