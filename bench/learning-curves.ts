/**
 * Draws the shipped JAMPR models' learning curves (from their cards; the AM+TW baselines' cards hold theirs too) as
 * bench/learning-curves.png: validation cost relative to the classical solver on the same validation set, against
 * instances trained and against CPU minutes. Chart.js draws, Debian's chromium renders (the same browser the e2e
 * tests use); nothing downloads.
 *
 *   npx tsx bench/learning-curves.ts [--out bench/learning-curves.png]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { ModelCard } from '../src/main/jampr/card.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'bench/learning-curves.png' } } });
const MODELS = 'resources/models';
const BROWSER = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

interface Series {
  label: string;
  byInstances: { x: number; y: number }[];
  byCpuMinutes: { x: number; y: number }[];
}

/** The card's notes record the classical solver's mean cost on the validation set; curves are shown relative to it. */
function classicalCost(card: ModelCard): number {
  const m = /classical \([^)]*\) ([\d.]+)/.exec(card.notes ?? '');
  if (!m) throw new Error(`${card.name}: the card's notes carry no classical validation cost`);
  return Number(m[1]);
}

function series(card: ModelCard): Series {
  const reference = classicalCost(card);
  const points = card.validation.curve.map((p) => ({ ...p, ratio: p.cost / reference }));
  return {
    label: `${card.name} (classical ${reference.toFixed(0)})`,
    byInstances: points.map((p) => ({ x: p.instances, y: p.ratio })),
    byCpuMinutes: points.map((p) => ({ x: p.cpuSeconds / 60, y: p.ratio })),
  };
}

const cards = readdirSync(MODELS)
  .sort()
  .map((name) => JSON.parse(readFileSync(join(MODELS, name, 'card.json'), 'utf8')) as ModelCard)
  .filter((card) => card.kind === 'jampr');
const all = cards.map(series);

const chartScript = readFileSync('node_modules/chart.js/dist/chart.umd.min.js', 'utf8');
const panel = (id: string, title: string, xTitle: string, key: 'byInstances' | 'byCpuMinutes') => ({
  id,
  config: {
    type: 'line',
    data: { datasets: all.map((s) => ({ label: s.label, data: s[key], pointRadius: 2, borderWidth: 1.5 })) },
    options: {
      animation: false,
      responsive: false,
      plugins: { title: { display: true, text: title } },
      scales: {
        x: { type: 'linear', title: { display: true, text: xTitle } },
        y: { min: 0.9, max: 2.5, title: { display: true, text: 'validation cost / classical (1 s) cost' } },
      },
    },
  },
});
const panels = [
  panel('instances', 'Greedy validation cost vs instances trained (N=50 models continue from N=20)', 'instances trained', 'byInstances'),
  panel('cpu', 'Greedy validation cost vs CPU time', 'CPU minutes', 'byCpuMinutes'),
];
const html = `<!doctype html><html><body style="margin:0;background:#fff">
<div id="figure">${panels.map((p) => `<canvas id="${p.id}" width="1100" height="520"></canvas>`).join('<br>')}</div>
<script>${chartScript}</script>
<script>${panels.map((p) => `new Chart(document.getElementById('${p.id}'), ${JSON.stringify(p.config)});`).join('\n')}</script>
</body></html>`;

const browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1060 } });
  await page.setContent(html);
  await page.locator('#figure').screenshot({ path: values.out });
  console.log(`wrote ${values.out} (${cards.length} models)`);
} finally {
  await browser.close();
}
