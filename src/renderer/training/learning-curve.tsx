/** The live learning curve: mean training cost, baseline and validation cost against instances seen (chart.js). */
import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { LearningPoint } from '../../shared/api.js';
import { formatNumber } from '../format.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

/**
 * The baseline is dashed and drawn over the mean (a lower `order` is drawn later): with a sample-mean baseline
 * the two coincide and a solid line would hide it. Validation comes every epoch or checkpoint: larger dots.
 */
const SERIES = [
  { key: 'meanCost', label: 'mean cost (training)', colour: '#2563eb', order: 2, dash: [], radius: 2 },
  { key: 'baselineCost', label: 'baseline', colour: '#f97316', order: 1, dash: [6, 4], radius: 0 },
  { key: 'validationCost', label: 'validation cost', colour: '#16a34a', order: 0, dash: [], radius: 4 },
] as const;

export function LearningCurve({ points }: { points: LearningPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);

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
            title: { display: true, text: 'cost' },
            grace: '5%',
            ticks: { callback: (v) => formatNumber(Number(v), 1) },
          },
        },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
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
    // A flat curve (e.g. the first point) would get a near-zero axis range: give it ±5% around its value.
    const ys = c.data.datasets.flatMap((d) => d.data.map((p) => p.y));
    const lo = Math.min(...ys);
    const hi = Math.max(...ys);
    const yScale = c.options.scales!.y!;
    yScale.suggestedMin = ys.length && hi - lo < 1e-6 * Math.max(1, Math.abs(hi)) ? lo * 0.95 : undefined;
    yScale.suggestedMax = ys.length && hi - lo < 1e-6 * Math.max(1, Math.abs(hi)) ? hi * 1.05 : undefined;
    c.update('none');
  }, [points]);

  return (
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
  );
}
