/** Styles of 数据报表: the analysis pages' skeleton, group switch, breadcrumb, one chart and the figures table (scrolls sideways when narrow). */
import { FORMULAS_CSS, analysisPageStyles } from '../core/ui/analysis-styles';
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';

export const reportStyles = `${DATE_FIELD_CSS}${analysisPageStyles('.report', 'data-report')}${FORMULAS_CSS}
.report { gap: 12px; }
.report p { margin: 0; }
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
.report .body { gap: 12px; }
.report .chart { height: 300px; }
.report .figures th, .report .figures td { padding: 7px 10px; }
.report .figures th[scope="row"], .report .figures thead th:first-child { text-align: left; font-weight: 500; white-space: nowrap; }
.report .figures thead th { white-space: nowrap; }
.report .figures tbody tr:hover { background: var(--sl-color-primary-50); }
.report .figures tfoot th, .report .figures tfoot td { font-weight: 600; border-top: 2px solid var(--sl-color-neutral-200); }
.report button.drill { font: inherit; padding: 0; border: 0; background: none; color: var(--sl-color-primary-700); cursor: pointer; text-align: left; }
.report button.drill:hover { text-decoration: underline; }
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
