/** The live learning curve: mean training cost, baseline and validation cost against instances seen (chart.js). */
import { useEffect, useRef } from 'react';
import {
  type CartesianScaleOptions,
  type FontSpec,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { toFont } from 'chart.js/helpers';
import type { LearningPoint } from '../../shared/api.js';
import { formatNumber } from '../format.js';
import { heldOutFigure } from '../../shared/holdout.js';
import {
  baselineOnMean,
  curveCaption,
  seriesLabel,
  singlePoint,
  titleLines,
  validationAxisTitle,
  validationInPlanCosts,
} from './curve-points.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

/**
 * The baseline is dashed and drawn over the mean (a lower `order` is drawn later): with a sample-mean baseline
 * the two coincide and a solid line would hide it. Validation comes every epoch or checkpoint: larger dots, on an
 * axis of its own (right), since it is measured on other days than the training batches and the two levels do not
 * compare; each axis is read for its own trend.
 */
const SERIES = [
  { key: 'meanCost', label: 'mean cost (training)', colour: '#2563eb', order: 2, dash: [], radius: 2, axis: 'y' },
  { key: 'baselineCost', label: 'baseline', colour: '#f97316', order: 1, dash: [6, 4], radius: 0, axis: 'y' },
  { key: 'validationCost', label: 'validation cost (right axis)', colour: '#16a34a', order: 0, dash: [], radius: 4, axis: 'y1' },
] as const;

const AXES = ['y', 'y1'] as const;
const BASELINE = SERIES.findIndex((s) => s.key === 'baselineCost');

/**
 * Sets a vertical axis's title to `title` in the lines its height holds, measured in the title's font, before the axis
 * takes its width (chart.js fits the width to the title's lines). The height is the chart's less its legend and
 * instances axis: a short chart, or a legend of two rows, left a one-line title longer than its axis.
 */
function fitTitleToHeight(scale: Scale<CartesianScaleOptions>, title: string): void {
  const { ctx } = scale;
  const options = scale.options.title;
  ctx.save();
  // Resolved by the time the axis is fitted (no longer a scriptable option), with the chart's font as the fallback.
  ctx.font = toFont(options.font as Partial<FontSpec>, scale.chart.options.font).string;
  const lines = titleLines(title, scale.maxHeight, (line) => ctx.measureText(line).width);
  ctx.restore();
  options.text = lines.length === 1 ? lines[0] : lines;
}

export function LearningCurve({ points }: { points: LearningPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);
  /** The validation axis's title, whole (it depends on the points); drawn in the lines the axis's height holds. */
  const validationTitle = useRef(validationAxisTitle([]));

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'line',
      data: {
        datasets: SERIES.map((s) => ({
          label: s.label,
          data: [],
          borderColor: s.colour,
          backgroundColor: s.colour,
          pointRadius: s.radius,
          borderDash: [...s.dash],
          order: s.order,
          yAxisID: s.axis,
          borderWidth: 2,
          spanGaps: true,
          tension: 0,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        scales: {
          x: {
            type: 'linear',
            title: { display: true, text: 'instances seen' },
            ticks: { precision: 0, callback: (v) => formatNumber(Number(v), 0) },
          },
          y: {
            type: 'linear',
            position: 'left',
            title: { display: true, text: 'training cost' },
            grace: '5%',
            ticks: { callback: (v) => formatNumber(Number(v), 1) },
          },
          y1: {
            type: 'linear',
            position: 'right',
            // Set from the points: the verdict's plan costs, or the model's own units (curve-points.ts).
            title: { display: true, text: validationTitle.current, color: '#16a34a' },
            grace: '5%',
            grid: { drawOnChartArea: false },
            ticks: { color: '#16a34a', callback: (v) => formatNumber(Number(v), 1) },
            beforeFit: (scale) => fitTitleToHeight(scale as Scale<CartesianScaleOptions>, validationTitle.current),
          },
        },
        // Each series' key is a short stretch of its own line (a dashed box read as a broken square).
        plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line', boxWidth: 24 } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    SERIES.forEach((s, i) => {
      c.data.datasets[i].data = points.flatMap((p) => {
        const y = p[s.key];
        return y === null || !Number.isFinite(y) ? [] : [{ x: p.instancesSeen, y }];
      });
    });
    // Where the baseline is the mean of each day's own samples, its batch mean is the training mean: the legend says
    // so, rather than name a line that never leaves the other.
    const baselineLabel = baselineOnMean(points)
      ? `${SERIES[BASELINE].label} (each day's own mean: on the mean line)`
      : SERIES[BASELINE].label;
    // A series of one point (a run of one step) is a larger marker, and its label says so with its value: a line needs two.
    SERIES.forEach((s, i) => {
      const data = c.data.datasets[i].data;
      // A lone validation point in plan costs is the verdict's figure: written as the verdict and the caption write it.
      const format = s.key === 'validationCost' && validationInPlanCosts(points) ? heldOutFigure : (v: number) => formatNumber(v, 1);
      c.data.datasets[i].label = seriesLabel(i === BASELINE ? baselineLabel : s.label, data, format);
      // A baseline on the mean line stays without markers: drawn over it, it would hide the mean's.
      const onMean = i === BASELINE && baselineLabel !== SERIES[BASELINE].label;
      c.data.datasets[i].pointRadius = singlePoint(data) && !onMean ? Math.max(s.radius, 5) : s.radius;
    });
    validationTitle.current = validationAxisTitle(points);
    // A flat curve (e.g. the first point) would get a near-zero axis range: give it ±5% around its value.
    for (const axis of AXES) {
      const ys = SERIES.flatMap((s, i) => (s.axis === axis ? c.data.datasets[i].data.map((p) => p.y) : []));
      const lo = Math.min(...ys);
      const hi = Math.max(...ys);
      const flat = ys.length > 0 && hi - lo < 1e-6 * Math.max(1, Math.abs(hi));
      const scale = c.options.scales![axis]!;
      scale.suggestedMin = flat ? lo * 0.95 : undefined;
      scale.suggestedMax = flat ? hi * 1.05 : undefined;
      // An axis with nothing on it yet (no validation point) is not drawn.
      scale.display = ys.length > 0 || axis === 'y';
    }
    // Likewise the instances axis of a run with one point so far: the point sits in the middle, not on the edge.
    const xs = points.map((p) => p.instancesSeen);
    const single = xs.length > 0 && Math.max(...xs) === Math.min(...xs);
    const pad = single ? Math.max(1, 0.05 * xs[0]) : 0;
    c.options.scales!.x!.suggestedMin = single ? Math.max(0, xs[0] - pad) : undefined;
    c.options.scales!.x!.suggestedMax = single ? xs[0] + pad : undefined;
    c.update('none');
  }, [points]);

  const caption = curveCaption(points);
  return (
    <>
      <div
        className="learning-curve"
        data-testid="learning-curve"
        data-points={points.length}
        data-series={SERIES.filter((s) => points.some((p) => Number.isFinite(p[s.key] ?? Number.NaN)))
          .map((s) => s.key)
          .join(' ')}
      >
        <canvas ref={canvas} />
        {points.length === 0 && <div className="chart-empty">The curve appears as training reports progress.</div>}
      </div>
      {/* Under the chart, not in it: the canvas fills its box. Says how many steps were taken and what validation measured. */}
      {caption && (
        <p className="hint curve-caption" data-testid="learning-curve-caption">
          {caption}
        </p>
      )}
    </>
  );
}
