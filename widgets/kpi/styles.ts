/**
 * Styles of <garage-kpi>, inside its shadow root. Below 720 px of its own width the ranking drops
 * the position column, detail tables become label/value cards and the KPI editor stacks.
 */
export const kpiStyles = `
:host { display: block !important; font-size: 14px !important; line-height: 1.6 !important; container-type: inline-size !important; }
.kpi { display: flex; flex-direction: column; gap: 14px; color: var(--sl-color-neutral-900); }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.strong { font-weight: 600; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
h3 { margin: 0; font-size: 15px; font-weight: 600; }
.head p { margin: 0; }
.tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--sl-color-neutral-200); overflow-x: auto; }
.tab { font: inherit; padding: 8px 14px; border: none; border-bottom: 2px solid transparent; background: none; color: var(--sl-color-neutral-700); cursor: pointer; white-space: nowrap; }
.tab:hover { color: var(--sl-color-primary-700); }
.tab.active { border-bottom-color: var(--sl-color-primary-600); color: var(--sl-color-primary-700); font-weight: 600; }
.tab:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: -2px; }
.panel { display: flex; flex-direction: column; gap: 14px; padding-top: 4px; }
.panel > p { margin: 0; }
.tools { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.months { display: flex; align-items: center; gap: 8px; }
.month { min-width: 96px; text-align: center; }
.field { display: flex; flex-direction: column; gap: 4px; color: var(--sl-color-neutral-700); }
.field.inline { flex-direction: row; align-items: center; gap: 8px; }
input { font: inherit; height: 34px; padding: 0 10px; border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-900); box-sizing: border-box; }
.note { margin: 0; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.link { color: var(--sl-color-primary-700); text-decoration: none; white-space: nowrap; }
.link:hover { text-decoration: underline; }
/* The figures first (equation, then 到店台次); the link to 指标树 beside the equation when there is room, else last. */
.decomposition { display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: "equation link" "visits visits";
  align-items: center; gap: 8px 16px; padding: 12px 16px;
  background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.equation { grid-area: equation; display: flex; flex-wrap: wrap; align-items: flex-end; gap: 4px 12px; }
.decomposition > .link { grid-area: link; justify-self: end; }
.equation > span:not(.op) { display: flex; flex-direction: column; }
.equation small { font-size: 12px; color: var(--sl-color-neutral-600); }
.equation strong { font-size: 18px; font-weight: 600; }
.equation .op { font-size: 18px; color: var(--sl-color-neutral-500); padding-bottom: 2px; }
.decomposition .visits { grid-area: visits; margin: 0; }
.decomposition .visits strong { margin-right: 8px; font-weight: 600; }
.ranking { width: 100%; border-collapse: collapse; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.ranking th, .ranking td { padding: 8px 12px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: left; vertical-align: middle; }
.ranking thead th { white-space: nowrap; font-size: 12px; font-weight: 500; color: var(--sl-color-neutral-600); background: var(--sl-color-neutral-50); }
.ranking .number { text-align: right; }
.ranking .rank { width: 48px; font-weight: 600; }
.ranking .name { font-weight: 600; }
.ranking .toggle { text-align: right; width: 90px; }
.ranking tr.open > * { background: var(--sl-color-primary-50); }
.ranking tr.detail > td { padding: 4px 12px 12px; background: var(--sl-color-neutral-50); }
.score { display: flex; align-items: center; gap: 10px; min-width: 160px; }
.bar { flex: 1; max-width: 180px; height: 8px; border-radius: 4px; background: var(--sl-color-neutral-200); overflow: hidden; }
.fill { display: block; height: 100%; border-radius: 4px; background: var(--sl-color-primary-600); }
.fill.done { background: var(--sl-color-success-600); }
.items { width: 100%; border-collapse: collapse; font-size: 13px; }
.items th, .items td { padding: 6px 8px; border-bottom: 1px solid var(--sl-color-neutral-200); text-align: left; }
.items thead th { font-weight: 500; color: var(--sl-color-neutral-600); }
.items .number { text-align: right; }
.jobs, .chips { list-style: none; margin: 0; padding: 0; }
.jobs { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
.job { display: flex; flex-direction: column; gap: 8px; padding: 14px 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.job p { margin: 0; }
.job-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 32px; }
.chips { display: flex; flex-direction: column; gap: 6px; }
.chip { display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; }
.chip-bar { grid-column: 1 / -1; height: 6px; border-radius: 3px; background: var(--sl-color-neutral-100); overflow: hidden; }
.chip-bar span { display: block; height: 100%; background: var(--sl-color-primary-500); }
.editor { display: flex; flex-direction: column; gap: 8px; }
.item-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.item-row .metric { flex: 1 1 120px; min-width: 0; }
.weight { display: inline-flex; align-items: center; gap: 4px; }
.weight input { width: 72px; text-align: right; }
.editor-foot { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
.sum { color: var(--sl-color-warning-700); }
.sum.ok { color: var(--sl-color-success-700); }
.editor-actions { display: flex; justify-content: flex-end; gap: 8px; }
.problem { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.formulas { margin: 0; display: flex; flex-direction: column; gap: 8px; }
.formulas dt { font-weight: 600; }
.formulas dd { margin: 0; color: var(--sl-color-neutral-700); }
.card { padding: 14px 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.card h3 { margin-bottom: 8px; }
.card ul { margin: 0; padding-left: 20px; color: var(--sl-color-neutral-700); }
.links { display: flex; gap: 16px; flex-wrap: wrap; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 32px 16px; border: 1px dashed var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-large); color: var(--sl-color-neutral-700); text-align: center; }
.state p { margin: 0; }
@container (max-width: 720px) {
  .ranking .position, .ranking thead { display: none; }
  .ranking th, .ranking td { padding: 8px; }
  .ranking .store-name { font-size: 12px; color: var(--sl-color-neutral-600); }
  .score { min-width: 0; }
  .bar { display: none; }
  .ranking .toggle { width: auto; }
  .items thead { display: none; }
  .items, .items tbody, .items tr { display: block; }
  .items tr { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 2px 8px; padding: 8px 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
  .items th, .items td { display: block; padding: 0; border: none; text-align: left !important; }
  .items th { grid-column: 1 / -1; }
  .items td::before { content: attr(data-label); display: block; font-size: 11px; color: var(--sl-color-neutral-600); }
  .equation strong { font-size: 16px; }
  .decomposition { grid-template-columns: minmax(0, 1fr); grid-template-areas: "equation" "visits" "link"; }
  .decomposition > .link { justify-self: start; }
}
`;
