/** Styles of <garage-metrics-tree>, inside its shadow root. Below 620 px of its own width each target stacks. */
export const metricsTreeStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.tree { display: flex; flex-direction: column; gap: 16px; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; }
.head p { margin: 0 0 2px; }
.note { margin-top: 8px !important; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.tools { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.months { display: flex; align-items: center; gap: 8px; }
.month { min-width: 96px; text-align: center; color: var(--sl-color-neutral-900); }
ul { list-style: none; margin: 0; padding: 0; }
.roots { display: flex; flex-direction: column; gap: 12px; }
.children { margin: 8px 0 0 22px; padding-left: 14px; border-left: 2px solid var(--sl-color-neutral-200); display: flex; flex-direction: column; gap: 8px; }
.node { display: grid; grid-template-columns: minmax(150px, 1.2fr) minmax(200px, 1.5fr) minmax(160px, 1.3fr) auto;
  grid-template-areas: "what numbers progress actions" "warning warning warning warning";
  align-items: center; gap: 4px 16px; padding: 12px 14px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.what { grid-area: what; display: flex; flex-direction: column; min-width: 0; }
.metric-name { font-weight: 600; color: var(--sl-color-neutral-900); }
.numbers { grid-area: numbers; display: flex; flex-wrap: wrap; gap: 2px 16px; }
.numbers strong { font-weight: 600; color: var(--sl-color-neutral-900); }
.progress { grid-area: progress; display: flex; align-items: center; gap: 8px; }
.bar { flex: 1; height: 8px; min-width: 80px; border-radius: 4px; background: var(--sl-color-neutral-200); overflow: hidden; }
.fill { display: block; height: 100%; border-radius: 4px; background: var(--sl-color-primary-600); }
.fill.done { background: var(--sl-color-success-600); }
.actions { grid-area: actions; display: flex; flex-wrap: wrap; justify-content: flex-end; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.warning { grid-area: warning; display: flex; align-items: center; gap: 6px; margin: 4px 0 0; padding: 6px 10px;
  border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); font-size: 13px; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 32px 16px; border: 1px dashed var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-large); color: var(--sl-color-neutral-700); text-align: center; }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 14px; }
.form p { margin: 0; }
@container (max-width: 620px) {
  .node { grid-template-columns: 1fr; grid-template-areas: "what" "numbers" "progress" "actions" "warning"; }
  .actions { justify-content: flex-start; }
  .children { margin-left: 8px; padding-left: 10px; }
}
`;
