import type { LearningPoint } from '../../shared/api.js';
import { heldOutFigure } from '../../shared/holdout.js';

/** Every baseline point equals the training mean beside it (to rounding). */
export const baselineOnMean = (points: LearningPoint[]) =>
  points.some((p) => p.baselineCost !== null) &&
  points.every(
    (p) =>
      p.baselineCost === null || (p.meanCost !== null && Math.abs(p.baselineCost - p.meanCost) <= 1e-6 * Math.max(1, Math.abs(p.meanCost))),
  );

/**
 * Whether the validation points are the verdict's figures (the mean cost of the model's greedy plans of the held-out
 * days, as the Plan view prices them: the points carry the customers left unserved), not the model's own units.
 */
export const validationInPlanCosts = (points: LearningPoint[]) =>
  points.some((p) => p.validationCost !== null && p.validationUnserved !== undefined);

/** The validation axis's title: in the dispatcher's plan costs where the run measured them, else in words that say it is not. */
export const validationAxisTitle = (points: LearningPoint[]) =>
  validationInPlanCosts(points) ? 'validation (plan cost, held-out days)' : 'validation (model units)';

/**
 * An axis title in as few lines as fit `room` (px, the axis's height: a vertical title is centred on its axis, and a line
 * longer than the axis ran off the chart's top and bottom, "alidation (plan cost, held-out days)"), broken between
 * words, a part in brackets kept whole where it fits a line ("validation" over "(model units)", not "units)" alone);
 * `widthOf` measures a line as it is drawn. A word longer than the room is a line of its own.
 */
export function titleLines(title: string, room: number, widthOf: (line: string) => number): string[] {
  const parts = (title.match(/\([^)]*\)|\S+/g) ?? []).flatMap((part) => (widthOf(part) <= room ? [part] : part.split(' ')));
  const lines: string[] = [];
  for (const word of parts) {
    const longer = lines.length > 0 ? `${lines[lines.length - 1]} ${word}` : null;
    if (longer !== null && widthOf(longer) <= room) lines[lines.length - 1] = longer;
    else lines.push(word);
  }
  return lines;
}

/**
 * Whether a series is a single point: one, or several at the same instances and value (the run's last step is reported
 * again with the validation measured after it).
 */
export const singlePoint = (data: readonly { x: number; y: number }[]) =>
  data.length > 0 && data.every((p) => p.x === data[0].x && p.y === data[0].y);

/**
 * A series' legend label; where the series is a single point (a run of one step) it says so and gives its value, as
 * a line needs two points and the lone dot is easily missed.
 */
export function seriesLabel(label: string, data: readonly { x: number; y: number }[], format: (v: number) => string): string {
  return singlePoint(data) ? `${label}: one point, ${format(data[0].y)}` : label;
}

/**
 * The line under the chart: the training steps taken (as the points report them; nothing where a run stored before they
 * were kept does not say), and what the validation measured, where the points have validation: start and latest
 * value, with the customers its plans left unserved, written as the verdict writes them, so that it reads beside the
 * verdict (on the same days as the verdict's two figures, or said to be on other days where the run's first point could
 * not be measured again on them). Null where there is nothing to say.
 */
export function curveCaption(points: LearningPoint[]): string | null {
  const parts: string[] = [];
  const last = points.at(-1);
  const steps = [...points].reverse().find((p) => p.steps !== undefined)?.steps;
  if (last && steps !== undefined) {
    const instances = last.instancesSeen - points[0].instancesSeen;
    parts.push(`${steps} training step${steps === 1 ? '' : 's'} (${instances} instance${instances === 1 ? '' : 's'})`);
  }
  const validated = points.filter((p) => p.validationCost !== null);
  if (validated.length > 0 && validationInPlanCosts(points)) {
    // Written as the verdict writes the same figures (heldOutFigure), so that the two read alike: "974.0", not "974".
    const figure = (p: LearningPoint) => heldOutFigure(p.validationCost!, p.validationUnserved);
    const [first, latest] = [validated[0], validated.at(-1)!];
    // A first point on the days as read at the start, where the verdict judged them otherwise (edited or deleted during
    // the run), is said to be on other days than the last: a rise or fall between them is no training's.
    const moved =
      validated.length === 1
        ? figure(first)
        : first.validationDaysAtStart
          ? `${figure(first)} on the held-out days as read at the run's start, ${figure(latest)} on the days its verdict judged (changed during the run: the two do not compare)`
          : `${figure(first)} → ${figure(latest)}`;
    parts.push(`validation, the mean cost of the model's greedy plans of the held-out days as the Plan view prices them: ${moved}`);
  } else if (validated.length > 0) {
    parts.push('validation in the model’s own units: it does not compare with plan costs');
  }
  return parts.length ? `${parts.join(' · ')}.` : null;
}
