/** Styles of <garage-customer-operations>, inside its shadow root; the stage colours are the board's. */
export const customerOperationsStyles = `
:host {
  font-size: 14px !important;
  --stage-new: var(--sl-color-sky-600, #0284c7);
  --stage-active: var(--sl-color-success-600, #16a34a);
  --stage-sleeping: var(--sl-color-warning-600, #d97706);
  --stage-lost: var(--sl-color-neutral-500, #71717a);
  --stage-new-text: var(--sl-color-sky-700, #0369a1);
  --stage-active-text: var(--sl-color-success-700, #15803d);
  --stage-sleeping-text: var(--sl-color-warning-700, #b45309);
  --stage-lost-text: var(--sl-color-neutral-600, #52525b);
}
/* The widget's own width decides the layout (the WeCom sidebar is 360 px in any window). */
.operations { display: flex; flex-direction: column; gap: 20px; max-width: 1080px; container: ops / inline-size; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
header p { margin: 0; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.help { font-size: 12px; color: var(--sl-color-neutral-600); }
.note { margin-top: 8px !important; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.section-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 10px; }
.stages { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; }
@container ops (max-width: 1000px) { .stages { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@container ops (max-width: 440px) { .stages { grid-template-columns: minmax(0, 1fr); } }
.stage { display: flex; flex-direction: column; gap: 8px; padding: 14px 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-top: 4px solid var(--stage-colour); border-radius: var(--sl-border-radius-large); min-width: 0; }
.stage-new { --stage-colour: var(--stage-new); --stage-text: var(--stage-new-text); }
.stage-active { --stage-colour: var(--stage-active); --stage-text: var(--stage-active-text); }
.stage-sleeping { --stage-colour: var(--stage-sleeping); --stage-text: var(--stage-sleeping-text); }
.stage-lost { --stage-colour: var(--stage-lost); --stage-text: var(--stage-lost-text); }
.stage-label { font-weight: 600; color: var(--stage-text); }
.rule, .reminder-rule { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; color: var(--sl-color-neutral-800); }
.stage-lost .rule { min-height: 32px; }
.hits { font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.hits[aria-busy='true'] { color: var(--sl-color-neutral-500); }
.hits.off { font-weight: 400; color: var(--sl-color-neutral-600); }
.reminder-rule .hits { margin-left: auto; }
.number { width: 104px; }
.number[data-field='reminders.maintenance.kmBefore'] { width: 124px; }
.hidden-label::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.invalid::part(base) { border-color: var(--sl-color-danger-600); }
.problem { margin: 8px 0 0; font-size: 13px; color: var(--sl-color-danger-700); }
.rows { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.row { display: flex; flex-direction: column; gap: 10px; padding: 14px 16px; border-top: 1px solid var(--sl-color-neutral-100); }
.row:first-child { border-top: none; }
.reminder-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
sl-switch { font-weight: 500; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.tasks { display: flex; flex-direction: column; gap: 12px; padding: 14px 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
table { border-collapse: collapse; width: 100%; max-width: 520px; }
th, td { padding: 8px 10px; text-align: left; border-bottom: 1px solid var(--sl-color-neutral-100); font-weight: 400; }
thead th { font-size: 12px; color: var(--sl-color-neutral-600); }
tbody th { color: var(--sl-color-neutral-900); }
.num { text-align: right; font-variant-numeric: tabular-nums; }
strong.field { padding: 0 4px; font-size: 16px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
`;
