/** Styles of 客户分析: the analysis pages' skeleton, the cohort table (scrolls sideways on a phone), cards of charts in two columns, one below 720 px. */
import { analysisPageStyles } from '../core/ui/analysis-styles';

export const analysisStyles = `${analysisPageStyles('.analysis', 'customer-analysis')}
.analysis p { margin: 0; }
.analysis h3 { margin: 0 0 6px; }
.analysis .filters sl-select { width: 170px; }
.analysis .totals { grid-template-columns: repeat(7, minmax(0, 1fr)); }
.analysis .totals dd.new { color: #0369a1; }
.analysis .totals dd.active { color: #15803d; }
.analysis .totals dd.sleeping { color: #b45309; }
.analysis .totals dd.lost { color: #b91c1c; }
.analysis .card { display: flex; flex-direction: column; gap: 6px; }
.analysis table { border-collapse: collapse; font-size: 13px; }
.analysis .cohorts { min-width: 100%; }
.analysis .cohorts th, .analysis .cohorts td { padding: 5px 8px; border: 1px solid var(--sl-color-neutral-0); text-align: right; }
.analysis .cohorts thead th { white-space: nowrap; font-size: 12px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); font-weight: 600; }
.analysis .cohorts th:first-child { text-align: left; }
.analysis .cohorts tbody th { text-align: left; font-weight: 500; white-space: nowrap; background: var(--sl-color-neutral-50); }
.analysis .cohorts td.future { background: transparent; }
.analysis .bands th:first-child { text-align: left; font-weight: 500; white-space: nowrap; }
@container customer-analysis (max-width: 900px) {
  .analysis .totals { grid-template-columns: repeat(4, minmax(0, 1fr)); }
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
