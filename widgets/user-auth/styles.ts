/** Styles of <garage-user-auth>, inside its shadow root. Below 640 px of its own width each staff row is a card. */
export const userAuthStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.auth { display: flex; flex-direction: column; gap: 12px; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.head p { margin: 0; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Shoelace's active tab (primary-600) reads 3.75:1 on the page grey: one step darker. */
sl-tab[active]::part(base) { color: var(--sl-color-primary-700); }
sl-tab::part(base) { color: var(--sl-color-neutral-700); }
.toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 8px; margin: 4px 0 12px; }
.toolbar p { margin: 0; }
.search { flex: 1 1 220px; max-width: 360px; }
.search::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.staff { list-style: none; margin: 0; padding: 0; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large);
  background: var(--sl-color-neutral-0); }
.person { display: grid; grid-template-columns: minmax(120px, 1.2fr) 120px minmax(120px, 1.4fr) minmax(100px, 1.2fr) 72px minmax(180px, auto);
  align-items: center; gap: 12px; padding: 10px 14px; border-top: 1px solid var(--sl-color-neutral-100); }
.person:first-child { border-top: none; }
.person.off .who, .person.off .phone { color: var(--sl-color-neutral-500); }
.who { display: flex; flex-direction: column; min-width: 0; }
.who strong { font-weight: 600; color: var(--sl-color-neutral-900); }
.chips { display: flex; flex-wrap: wrap; gap: 4px; }
.stores { color: var(--sl-color-neutral-700); word-break: keep-all; }
.actions { display: flex; flex-wrap: wrap; justify-content: flex-end; }
.danger::part(label) { color: var(--sl-color-danger-700); }
@container (max-width: 640px) {
  .person { grid-template-columns: 1fr auto; grid-template-areas: 'who status' 'phone phone' 'chips chips' 'stores stores' 'actions actions'; gap: 6px; }
  .who { grid-area: who; } .status { grid-area: status; } .phone { grid-area: phone; } .chips { grid-area: chips; }
  .stores { grid-area: stores; } .actions { grid-area: actions; justify-content: flex-start; margin-left: -12px; }
  .search { max-width: none; }
}
.matrix-wrap { overflow-x: auto; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); background: var(--sl-color-neutral-0); }
.matrix { border-collapse: collapse; width: 100%; font-size: 13px; }
.matrix th, .matrix td { padding: 8px 10px; border-top: 1px solid var(--sl-color-neutral-100); text-align: center; white-space: nowrap; }
.matrix thead th { border-top: none; background: var(--sl-color-neutral-50); font-weight: 600; color: var(--sl-color-neutral-700); }
.matrix tbody th { text-align: left; font-weight: 500; }
.matrix tbody th sl-tag { margin-left: 6px; }
.matrix .yes sl-icon { color: var(--sl-color-success-700); font-size: 16px; }
.matrix .no sl-icon { color: var(--sl-color-neutral-400); }
.row-actions { text-align: right; }
.audit { list-style: none; margin: 0; padding: 0; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); background: var(--sl-color-neutral-0); }
.audit li { display: grid; grid-template-columns: 150px 1fr auto; gap: 12px; padding: 8px 14px; border-top: 1px solid var(--sl-color-neutral-100); align-items: baseline; }
.audit li:first-child { border-top: none; }
@container (max-width: 640px) { .audit li { grid-template-columns: 1fr; gap: 2px; } }
.pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; margin-top: 10px; flex-wrap: wrap; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; background: var(--sl-color-neutral-0);
  border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); text-align: center; }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 14px; }
fieldset { border: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px 16px; }
.jobs::part(form-control-input) { display: flex; flex-wrap: wrap; gap: 8px 16px; }
legend { font-size: var(--sl-input-label-font-size-medium); margin-bottom: 6px; padding: 0; }
.error { margin: 0; width: 100%; color: var(--sl-color-danger-700); font-size: 12px; }
.one-time { font: 600 24px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 2px; text-align: center; padding: 12px;
  background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-medium); user-select: all; }
`;
