/** Styles of 客户分析: totals, the cohort table (scrolls sideways on a phone), cards of charts in two columns, one below 720 px. */
export const analysisStyles = `
:host { display: block; }
.analysis { display: flex; flex-direction: column; gap: 14px; font-size: 14px; line-height: 1.6; color: var(--sl-color-neutral-900); container: customer-analysis / inline-size; }
.analysis .muted { color: var(--sl-color-neutral-600); }
.analysis .small { font-size: 12px; }
.analysis p { margin: 0; }
.analysis .figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.analysis .head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.analysis .head > div { flex: 1 1 320px; }
.analysis h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
.analysis h3 { margin: 0 0 6px; font-size: 15px; font-weight: 600; }
.analysis .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.analysis .filters sl-select { width: 170px; }
.analysis .body { display: flex; flex-direction: column; gap: 14px; }
.analysis .totals { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 10px; margin: 0; }
.analysis .totals div { padding: 12px 14px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.analysis .totals dt { font-size: 12px; color: var(--sl-color-neutral-600); }
.analysis .totals dd { margin: 0; font-size: 22px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.analysis .totals dd.active { color: #15803d; }
.analysis .totals dd.sleeping { color: #b45309; }
.analysis .totals dd.lost { color: #b91c1c; }
.analysis .grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 14px; }
.analysis .card { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.analysis .card.wide { grid-column: 1 / -1; }
.analysis .chart { height: 280px; width: 100%; min-width: 0; display: flex; align-items: center; justify-content: center; }
.analysis .scroll { overflow-x: auto; max-width: 100%; }
.analysis table { border-collapse: collapse; font-size: 13px; }
.analysis .cohorts { min-width: 100%; }
.analysis .cohorts th, .analysis .cohorts td { padding: 5px 8px; border: 1px solid var(--sl-color-neutral-0); text-align: right; }
.analysis .cohorts thead th { white-space: nowrap; font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; }
.analysis .cohorts th:first-child { text-align: left; }
.analysis .cohorts tbody th { text-align: left; font-weight: 500; white-space: nowrap; background: var(--sl-color-neutral-50); }
.analysis .cohorts td.future { background: transparent; }
.analysis .bands { width: 100%; }
.analysis .bands th, .analysis .bands td { padding: 6px 8px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: right; }
.analysis .bands th:first-child { text-align: left; font-weight: 500; white-space: nowrap; }
.analysis .bands thead th { font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; }
.analysis .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
@container customer-analysis (max-width: 900px) {
  .analysis .totals { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
@container customer-analysis (max-width: 720px) {
  .analysis .grid { grid-template-columns: minmax(0, 1fr); }
  .analysis .filters sl-select { flex: 1 1 130px; width: auto; }
  .analysis .chart { height: 240px; }
}
@container customer-analysis (max-width: 420px) {
  .analysis .totals { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .analysis .totals dd { font-size: 18px; }
  .analysis .card { padding: 12px; }
  /* The triangle as one line per cohort: month and size, then the months after it as chips that wrap. */
  .analysis .cohorts thead { display: none; }
  .analysis .cohorts, .analysis .cohorts tbody { display: block; }
  .analysis .cohorts tr { display: flex; flex-wrap: wrap; gap: 3px; padding: 6px 0; border-bottom: 1px solid var(--sl-color-neutral-100); }
  .analysis .cohorts tbody th { flex: 1 1 100%; background: none; padding: 0; border: 0; }
  .analysis .cohorts td { padding: 1px 5px; font-size: 12px; border-radius: 4px; }
  .analysis .cohorts td.size { background: var(--sl-color-neutral-100); }
  .analysis .cohorts td::before { content: attr(data-label) ' '; font-size: 11px; opacity: 0.75; }
  .analysis .cohorts td.future { display: none; }
  .analysis .bands th:first-child { white-space: normal; }
  .analysis .bands th, .analysis .bands td { padding: 6px 4px; }
}
`;
