/** Styles of <garage-metrics-lib>, inside its shadow root. Below 560 px of its own width each metric stacks. */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const metricsLibStyles = `${DATE_FIELD_CSS}
:host { font-size: 14px !important; container-type: inline-size !important; }
.lib { display: flex; flex-direction: column; gap: 18px; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-800); }
.head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; }
.head p { margin: 0 0 2px; }
.note { margin-top: 8px !important; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.filter { min-width: 220px; }
.filter::part(form-control-label) { font-size: 13px; color: var(--sl-color-neutral-700); }
.section-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 8px; }
.section-head .create { margin-left: auto; }
.metrics { list-style: none; margin: 0; padding: 0; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large);
  background: var(--sl-color-neutral-0); }
.metric { display: grid; grid-template-columns: minmax(150px, 1fr) minmax(200px, 2.2fr) 150px; grid-template-areas: "name formula value" "actions actions actions";
  align-items: center; gap: 4px 16px; padding: 12px 16px; border-top: 1px solid var(--sl-color-neutral-100); }
.metric:first-child { border-top: none; }
.name { grid-area: name; display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.name strong { font-weight: 600; color: var(--sl-color-neutral-900); }
.chips { display: flex; flex-wrap: wrap; gap: 4px; }
.formula { grid-area: formula; margin: 0; color: var(--sl-color-neutral-700); line-height: 1.5; }
.value { grid-area: value; display: flex; flex-direction: column; align-items: flex-end; gap: 2px; }
.value strong { font-size: 16px; font-weight: 600; color: var(--sl-color-neutral-900); }
.actions { grid-area: actions; display: flex; flex-wrap: wrap; justify-content: flex-end; }
.metric:not(:has(.actions)) { grid-template-areas: "name formula value"; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 28px 16px; border: 1px dashed var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-large); color: var(--sl-color-neutral-700); }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 14px; }
sl-radio-group::part(form-control-input) { display: flex; flex-wrap: wrap; gap: 4px 16px; }
@container (max-width: 560px) {
  .metric { grid-template-columns: 1fr auto; grid-template-areas: "name value" "formula formula" "actions actions"; }
  .metric:not(:has(.actions)) { grid-template-areas: "name value" "formula formula"; }
  .formula { font-size: 13px; }
  .actions { justify-content: flex-start; }
}
`;
