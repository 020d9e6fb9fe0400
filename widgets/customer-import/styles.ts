/**
 * Styles of <garage-customer-import>, inside its shadow root. Below 640 px of its own width the
 * mapping rows and the preview rows become cards (nothing scrolls sideways in the WeCom sidebar).
 */
export const customerImportStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.flow { display: flex; flex-direction: column; gap: 16px; max-width: 1080px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { display: flex; align-items: center; gap: 8px; margin: 0 0 8px; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
h4 { margin: 0 0 6px; font-size: 14px; font-weight: 600; }
.head p { margin: 0; }
.head-line { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0 12px; }
p { margin: 0; }
.muted { color: var(--sl-color-neutral-600); }
.help { font-size: 12px; color: var(--sl-color-neutral-600); }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
sl-tab[active]::part(base) { color: var(--sl-color-primary-700); }
sl-tab::part(base) { color: var(--sl-color-neutral-700); }
.tabs { max-width: 1080px; }
.tabs::part(body) { padding-top: 12px; }

.steps { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; }
.step, .task, .history { display: flex; flex-direction: column; gap: 10px; padding: 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.step h3, .task h3, .history h3 { margin: 0; }
.number { display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px; border-radius: 50%; flex: none;
  background: var(--sl-color-primary-600); color: var(--sl-color-neutral-0); font-size: 12px; font-weight: 600; }
.template { align-self: flex-start; }

.drop { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 24px 16px; text-align: center;
  border: 2px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); background: var(--sl-color-neutral-50); }
.drop.over { border-color: var(--sl-color-primary-500); background: var(--sl-color-primary-50); }
.drop p { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 2px; }
.drop-icon { font-size: 32px; color: var(--sl-color-primary-600); }
.choose::part(base) { padding: 0 4px; }
.choose::part(label) { padding: 0; font-size: 14px; color: var(--sl-color-primary-700); text-decoration: underline; }
.file { display: flex; align-items: center; gap: 6px; color: var(--sl-color-neutral-800); word-break: break-all; }
.file sl-icon { color: var(--sl-color-success-700); flex: none; }
.problem { color: var(--sl-color-danger-700); }
.callout { padding: 8px 12px; border-radius: var(--sl-border-radius-medium); font-size: 13px; }
.callout.error { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); }
.callout.warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }

.mapping { display: flex; flex-direction: column; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.mapping-row { display: grid; grid-template-columns: minmax(120px, 1fr) minmax(120px, 1.2fr) minmax(160px, 220px); gap: 12px; align-items: center;
  padding: 6px 12px; border-top: 1px solid var(--sl-color-neutral-100); }
.mapping-row:first-child { border-top: none; }
.mapping-head { background: var(--sl-color-neutral-50); font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); padding: 8px 12px; }
.mapping-row .header { font-weight: 500; word-break: break-all; }
.mapping-row:not(.mapped):not(.mapping-head) .header { color: var(--sl-color-neutral-500); }
.mapping-row .sample { color: var(--sl-color-neutral-600); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
input:focus-visible { outline: var(--sl-focus-ring); outline-offset: 1px; }
.column-choice { width: 100%; }
.presets { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.preset-choice { min-width: 240px; }
.preset-choice::part(form-control-label) { font-size: 13px; color: var(--sl-color-neutral-700); }

.counts { display: flex; flex-wrap: wrap; gap: 8px; }
.count { padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 500; }
.count.ok { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.count.error { background: var(--sl-color-danger-100); color: var(--sl-color-danger-800); }
.count.warning { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.table-frame { overflow-x: auto; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.table-frame[aria-busy="true"] { opacity: 0.6; }
.preview { border-collapse: collapse; width: 100%; font-size: 13px; }
.preview th, .preview td { padding: 6px 10px; border-top: 1px solid var(--sl-color-neutral-100); text-align: left; vertical-align: top; white-space: nowrap; }
.preview thead th { border-top: none; background: var(--sl-color-neutral-50); font-weight: 600; color: var(--sl-color-neutral-700); }
.preview tbody th { font-weight: 400; color: var(--sl-color-neutral-600); font-variant-numeric: tabular-nums; }
.preview td.error { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); box-shadow: inset 0 0 0 1px var(--sl-color-danger-300); }
.preview td.warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); box-shadow: inset 0 0 0 1px var(--sl-color-warning-300); }
.preview td.error, .preview td.warning { cursor: help; }
.row-problems { white-space: normal !important; min-width: 220px; }
.row-problems ul { margin: 0; padding: 0; list-style: none; }
.row-problems li.error { color: var(--sl-color-danger-700); }
.row-problems li.warning { color: var(--sl-color-warning-800); }
.row-problems li::before { content: '● '; font-size: 10px; }
tr[data-level="error"] th { box-shadow: inset 3px 0 0 var(--sl-color-danger-600); }
tr[data-level="warning"] th { box-shadow: inset 3px 0 0 var(--sl-color-warning-500); }

.duplicates { border: none; margin: 4px 0 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.duplicates legend { padding: 0; margin-bottom: 6px; font-weight: 600; color: var(--sl-color-neutral-800); }
.choice { display: flex; align-items: flex-start; gap: 8px; padding: 8px 10px; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); cursor: pointer; }
.choice.chosen { border-color: var(--sl-color-primary-500); background: var(--sl-color-primary-50); }
.choice input { margin: 3px 0 0; accent-color: var(--sl-color-primary-600); }
.choice > span { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: baseline; }
.choice strong { font-weight: 600; }
.start-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }

.task-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px; }
.file-name { font-size: 12px; word-break: break-all; }
.status { display: inline-block; margin-left: 8px; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 500; white-space: nowrap;
  background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.history .status { margin: 0 8px 0 0; }
.status.running, .status.queued { background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); }
.status.done { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.status.failed { background: var(--sl-color-danger-100); color: var(--sl-color-danger-800); }
sl-progress-bar { --height: 12px; }
.figures { display: flex; flex-wrap: wrap; gap: 4px 20px; color: var(--sl-color-neutral-800); }
.task-actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
.result .task-actions { justify-content: flex-start; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.tiles { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 8px; margin: 0; }
.tile { padding: 10px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-50); }
.tile dt { font-size: 12px; color: var(--sl-color-neutral-600); }
.tile dd { margin: 2px 0 0; font-size: 22px; font-weight: 600; color: var(--sl-color-neutral-900); }
.tile.imported dd { color: var(--sl-color-success-700); }
.tile.updated dd { color: var(--sl-color-primary-700); }
.tile.failed dd { color: var(--sl-color-danger-700); }
.tile.warned dd { color: var(--sl-color-warning-800); }
.error-list { margin: 0; padding: 0 0 0 18px; max-height: 240px; overflow-y: auto; font-size: 13px; color: var(--sl-color-neutral-800); }
.error-list { list-style: none; padding: 0; }
.error-list li { display: flex; gap: 8px; align-items: baseline; padding: 3px 0; }
.error-list .level { flex: none; padding: 0 6px; border-radius: var(--sl-border-radius-small); font-size: 12px; }
.error-list .error .level { background: var(--sl-color-danger-100); color: var(--sl-color-danger-800); }
.error-list .warning .level { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }

.history-list { list-style: none; margin: 0; padding: 0; }
.history-list li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 10px 0; border-top: 1px solid var(--sl-color-neutral-100); }
.history-list li:first-child { border-top: none; }
.history-list li.current .name { font-weight: 600; }
.history-list .text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.history-list .name { word-break: break-all; }
.history-list .actions { display: flex; flex: none; }

.state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 40px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }

@container (max-width: 640px) {
  .step, .task, .history { padding: 12px; }
  .mapping-head { display: none !important; }
  .mapping-row { grid-template-columns: 1fr; gap: 4px; padding: 10px 12px; }
  .mapping-row .sample { white-space: normal; word-break: break-all; font-size: 12px; }
  .table-frame { overflow: visible; border: none; }
  .preview, .preview tbody, .preview tr, .preview th, .preview td { display: block; width: auto; }
  .preview thead { display: none; }
  .preview tr { margin-bottom: 8px; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); overflow: hidden; }
  .preview th, .preview td { display: grid; grid-template-columns: 84px 1fr; gap: 8px; white-space: normal; word-break: break-all; border-top: 1px solid var(--sl-color-neutral-100); }
  .preview tbody th { border-top: none; }
  .preview th::before, .preview td::before { content: attr(data-label); color: var(--sl-color-neutral-600); font-weight: 400; }
  .row-problems { min-width: 0; }
  /* A card lists what the row has: an empty cell without a problem says nothing. */
  .preview td[data-empty] { display: none; }
  .preview th, .preview td { padding: 4px 10px; }
  .tiles { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .history-list li { flex-direction: column; align-items: stretch; gap: 4px; }
  .history-list .actions { justify-content: flex-end; }
  .preset-choice { flex-wrap: wrap; }
}
`;
