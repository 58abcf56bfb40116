/** The live learning curve: mean training cost, baseline and validation cost against instances seen (chart.js). */
import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { LearningPoint } from '../../shared/api.js';
import { formatNumber } from '../format.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const SERIES = [
  { key: 'meanCost', label: 'mean cost (training)', colour: '#2563eb' },
  { key: 'baselineCost', label: 'baseline', colour: '#94a3b8' },
  { key: 'validationCost', label: 'validation cost', colour: '#16a34a' },
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
          pointRadius: 2,
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
    <div className="learning-curve" data-testid="learning-curve" data-points={points.length}>
      <canvas ref={canvas} />
      {points.length === 0 && <div className="chart-empty">The curve appears as training reports progress.</div>}
    </div>
  );
}
