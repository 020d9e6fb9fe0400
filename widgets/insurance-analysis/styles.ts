/** Styles of 保险分析: cards of charts in two columns, one below 720 px of its own width. */
export const analysisStyles = `
:host { display: block; }
.analysis { display: flex; flex-direction: column; gap: 14px; font-size: 14px; line-height: 1.6; color: var(--sl-color-neutral-900); container: insurance-analysis / inline-size; }
.analysis .muted { color: var(--sl-color-neutral-600); }
.analysis .small { font-size: 12px; }
.analysis .figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.analysis .head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.analysis .head > div { flex: 1 1 320px; }
.analysis .head p { margin: 0; }
.analysis h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
.analysis h3 { margin: 0 0 8px; font-size: 15px; font-weight: 600; }
.analysis .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.analysis .filters sl-input { width: 160px; }
.analysis .filters sl-select { width: 160px; }
.analysis .problem { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
.analysis .body { display: flex; flex-direction: column; gap: 14px; }
.analysis .totals { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 10px; margin: 0; }
.analysis .totals div { padding: 12px 14px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.analysis .totals dt { font-size: 12px; color: var(--sl-color-neutral-600); }
.analysis .totals dd { margin: 0; font-size: 22px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.analysis .totals dd.strong { color: var(--sl-color-primary-700); }
.analysis .grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 14px; }
.analysis .card { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.analysis .card.wide { grid-column: 1 / -1; }
.analysis .chart { height: 280px; width: 100%; min-width: 0; display: flex; align-items: center; justify-content: center; }
.analysis .wide .chart { height: 300px; }
.analysis .ranking { width: 100%; border-collapse: collapse; font-size: 13px; }
.analysis .ranking th, .analysis .ranking td { padding: 6px 8px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: right; }
.analysis .ranking th:nth-child(2), .analysis .ranking td:nth-child(2) { text-align: left; }
.analysis .ranking thead th { font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; }
.analysis .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.analysis .state p { margin: 0; }
@container insurance-analysis (max-width: 720px) {
  .analysis .grid { grid-template-columns: minmax(0, 1fr); }
  .analysis .totals { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .analysis .totals div:last-child { grid-column: 1 / -1; }
  .analysis .filters sl-input, .analysis .filters sl-select { flex: 1 1 130px; width: auto; }
  .analysis .chart, .analysis .wide .chart { height: 240px; }
}
@container insurance-analysis (max-width: 420px) {
  .analysis .premium-col { display: none; }
  .analysis .card { padding: 12px; }
}
`;
