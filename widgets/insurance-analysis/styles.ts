/** Styles of 保险分析: the analysis pages' skeleton, five totals, charts in two columns, one below 720 px of its own width. */
import { analysisPageStyles } from '../core/ui/analysis-styles';
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';

export const analysisStyles = `${DATE_FIELD_CSS}${analysisPageStyles('.analysis', 'insurance-analysis')}
.analysis .head p { margin: 0; }
.analysis .filters sl-input { width: 160px; }
.analysis .filters sl-select { width: 160px; }
.analysis .totals { grid-template-columns: repeat(5, minmax(0, 1fr)); }
.analysis .totals dd.strong { color: var(--sl-color-primary-700); }
.analysis .wide .chart { height: 300px; }
.analysis .ranking th:nth-child(2), .analysis .ranking td:nth-child(2) { text-align: left; }
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
