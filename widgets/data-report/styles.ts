/** Styles of 数据报表: filters, group switch, breadcrumb, totals, one chart and the figures table (scrolls sideways when narrow). */
export const reportStyles = `
:host { display: block; }
.report { display: flex; flex-direction: column; gap: 12px; font-size: 14px; line-height: 1.6; color: var(--sl-color-neutral-900); container: data-report / inline-size; }
.report .muted { color: var(--sl-color-neutral-600); }
.report .small { font-size: 12px; }
.report p { margin: 0; }
.report .figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.report .head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.report .head > div { flex: 1 1 320px; }
.report h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
.report .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.report .filters sl-select, .report .filters sl-input { width: 150px; }
.report .groups { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.report .group { font: inherit; font-size: 13px; padding: 3px 12px; border-radius: 999px; cursor: pointer; border: 1px solid var(--sl-color-neutral-300);
  background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-800); }
.report .group[aria-pressed="true"] { background: var(--sl-color-primary-700); border-color: var(--sl-color-primary-700); color: #fff; }
.report .group:focus-visible, .report .crumb:focus-visible, .report .drill:focus-visible { outline: 2px solid var(--sl-color-primary-500); outline-offset: 2px; }
.report .crumbs ol { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; list-style: none; font-size: 13px; }
.report .crumbs li + li::before { content: '›'; margin: 0 6px 0 2px; color: var(--sl-color-neutral-500); }
.report button.crumb { font: inherit; padding: 0; border: 0; background: none; color: var(--sl-color-primary-700); cursor: pointer; text-decoration: underline; }
.report .crumb.current { font-weight: 600; }
.report .problem { color: var(--sl-color-danger-700); font-size: 13px; }
.report .body { display: flex; flex-direction: column; gap: 12px; }
.report .totals { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 10px; margin: 0; }
.report .totals div { padding: 12px 14px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.report .totals dt { font-size: 12px; color: var(--sl-color-neutral-600); }
.report .totals dd { margin: 0; font-size: 22px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.report .card { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.report .chart { height: 300px; width: 100%; min-width: 0; display: flex; align-items: center; justify-content: center; }
.report .scroll { overflow-x: auto; max-width: 100%; }
.report .figures { width: 100%; border-collapse: collapse; font-size: 13px; }
.report .figures th, .report .figures td { padding: 7px 10px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: right; }
.report .figures th[scope="row"], .report .figures thead th:first-child { text-align: left; font-weight: 500; white-space: nowrap; }
.report .figures thead th { font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; white-space: nowrap; }
.report .figures tbody tr:hover { background: var(--sl-color-primary-50); }
.report .figures tfoot th, .report .figures tfoot td { font-weight: 600; border-top: 2px solid var(--sl-color-neutral-200); }
.report button.drill { font: inherit; padding: 0; border: 0; background: none; color: var(--sl-color-primary-700); cursor: pointer; text-align: left; }
.report button.drill:hover { text-decoration: underline; }
.report .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
@container data-report (max-width: 900px) {
  .report .totals { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .report .figures .minor { display: none; }
}
@container data-report (max-width: 560px) {
  .report .filters sl-select, .report .filters sl-input { flex: 1 1 130px; width: auto; }
  .report .totals { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .report .totals dd { font-size: 18px; }
  .report .chart { height: 240px; }
  .report .card { padding: 10px; }
  /* Each row becomes a card: its name, then the figures with their names, wrapping. */
  .report .figures thead { display: none; }
  .report .figures, .report .figures tbody, .report .figures tfoot { display: block; }
  .report .figures tr { display: flex; flex-wrap: wrap; gap: 2px 14px; padding: 8px 2px; border-bottom: 1px solid var(--sl-color-neutral-100); }
  .report .figures th[scope="row"] { flex: 1 1 100%; padding: 0; border: 0; }
  .report .figures td { padding: 0; border: 0; font-size: 12px; }
  .report .figures td::before { content: attr(data-label) '：'; color: var(--sl-color-neutral-600); }
  .report .figures tfoot th, .report .figures tfoot td { border: 0; }
}
`;
