/**
 * The page skeleton that 保险分析, 数据报表 and 客户分析 share: heading with the filters bar, the row
 * of totals, cards of charts in two columns (`.grid`, `.card`, `.card.wide`, `.chart`), tables of
 * figures (`table.numbers`), and the loading / failed / refused state. `root` is the page's outer
 * class ('.analysis', '.report'), `container` the name of its size container (its own width decides
 * the layout). Each page's styles come after this and set what differs (columns, heights, the
 * narrow layouts).
 */
export function analysisPageStyles(root: string, container: string): string {
  const r = root;
  return `
:host { display: block; }
${r} { display: flex; flex-direction: column; gap: 14px; font-size: 14px; line-height: 1.6; color: var(--sl-color-neutral-900); container: ${container} / inline-size; }
${r} .muted { color: var(--sl-color-neutral-600); }
${r} .small { font-size: 12px; }
${r} .figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
${r} .head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
${r} .head > div { flex: 1 1 320px; }
${r} h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
${r} h3 { margin: 0 0 8px; font-size: 15px; font-weight: 600; }
${r} .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
${r} .problem { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
${r} .body { display: flex; flex-direction: column; gap: 14px; }
${r} .totals { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 10px; margin: 0; }
${r} .totals div { padding: 12px 14px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
${r} .totals dt { font-size: 12px; color: var(--sl-color-neutral-600); }
${r} .totals dd { margin: 0; font-size: 22px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
${r} .grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 14px; }
${r} .card { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
${r} .card.wide { grid-column: 1 / -1; }
${r} .chart { height: 280px; width: 100%; min-width: 0; display: flex; align-items: center; justify-content: center; }
${r} .scroll { overflow-x: auto; max-width: 100%; }
${r} .numbers { width: 100%; border-collapse: collapse; font-size: 13px; }
${r} .numbers th, ${r} .numbers td { padding: 6px 8px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: right; }
${r} .numbers thead th { font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; }
${r} .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
`;
}

/** A page's 指标口径: a closed <details class="formulas"> naming what each figure counts (诊断表, 数据报表). */
export const FORMULAS_CSS = `
.formulas { padding: 10px 14px; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); background: var(--sl-color-neutral-0); }
.formulas summary { cursor: pointer; font-weight: 600; }
.formulas dl { margin: 8px 0; display: flex; flex-direction: column; gap: 6px; }
.formulas dt { font-weight: 600; }
.formulas dd { margin: 0; color: var(--sl-color-neutral-700); }
.formulas p { margin: 0; }
`;
