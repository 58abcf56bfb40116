import type { Page } from '@playwright/test';

/**
 * The room inside a table cell's padding, and the width `text` takes in that cell's font (its weight included: a depot
 * row's bold), each in CSS px: a figure fits its cell on one line where `room >= needed`. `cell`: a CSS selector of
 * the cell (the first match). Text: it runs in the page.
 */
export const cellRoom = (page: Page, cell: string, text: string): Promise<{ room: number; needed: number }> =>
  page.evaluate(`(() => {
    const td = document.querySelector(${JSON.stringify(cell)});
    const style = getComputedStyle(td);
    const probe = document.createElement('span');
    probe.textContent = ${JSON.stringify(text)};
    probe.style.whiteSpace = 'nowrap';
    td.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { room: td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), needed };
  })()`) as Promise<{ room: number; needed: number }>;
