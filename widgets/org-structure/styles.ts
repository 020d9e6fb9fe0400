/** Styles of <garage-org-structure>, inside its shadow root. Below 640 px of its own width the tree sits above the department. */
export const orgStructureStyles = `
.org, .state { font-size: 14px; line-height: 1.6; }
.org { display: flex; flex-direction: column; gap: 12px; container: org-structure / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.head p { margin: 0; }
.head > div { flex: 1 1 320px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0; font-size: 16px; font-weight: 600; color: var(--sl-color-neutral-900); }
h4 { margin: 0; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-800); }
.panes { display: grid; grid-template-columns: minmax(240px, 320px) 1fr; gap: 12px; align-items: start; }
.tree-pane, .detail { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.tree-pane { padding: 8px; min-height: 120px; }
.detail { padding: 14px 16px; display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.tree, .branch { list-style: none; margin: 0; padding: 0; }
.row { display: flex; align-items: center; gap: 2px; border-radius: var(--sl-border-radius-medium); position: relative; }
.row[draggable='true'] { cursor: grab; }
.row.dragging { opacity: 0.45; }
.row.selected { background: var(--sl-color-primary-50); }
.row.drop-into { background: var(--sl-color-primary-100); outline: 2px dashed var(--sl-color-primary-600); outline-offset: -2px; }
.row.drop-before::before, .row.drop-after::after { content: ''; position: absolute; left: 8px; right: 8px; height: 3px; border-radius: 2px; background: var(--sl-color-primary-600); }
.row.drop-before::before { top: -2px; }
.row.drop-after::after { bottom: -2px; }
button { font: inherit; color: inherit; background: none; border: none; margin: 0; cursor: pointer; }
button:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; border-radius: var(--sl-border-radius-medium); }
.toggle { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; padding: 0; color: var(--sl-color-neutral-600); }
.node { flex: 1; min-width: 0; display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 7px 8px; text-align: left; border-radius: var(--sl-border-radius-medium); }
.node:hover { background: var(--sl-color-neutral-100); }
.node[aria-current='true'] { color: var(--sl-color-primary-700); font-weight: 600; }
.node .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.node .count { font-size: 12px; color: var(--sl-color-neutral-600); font-weight: 400; }
.drop-top { margin-top: 8px; padding: 10px; text-align: center; font-size: 12px; color: var(--sl-color-neutral-700); border: 1px dashed var(--sl-color-neutral-400); border-radius: var(--sl-border-radius-medium); }
.drop-top.over { border-color: var(--sl-color-primary-600); background: var(--sl-color-primary-50); }
.foot { margin: 8px 4px 2px; }
.foot:empty { display: none; }
.empty { margin: 12px 8px; }
.detail-head p { margin: 4px 0 0; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.staff-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; padding-top: 10px; border-top: 1px solid var(--sl-color-neutral-100); }
.staff-head h4 span { font-weight: 400; }
.none { margin: 0; }
.people { list-style: none; margin: 0; padding: 0; }
.person { display: grid; grid-template-columns: minmax(110px, 1fr) minmax(70px, auto) minmax(80px, 1fr) auto; align-items: center; gap: 10px; padding: 8px 0; border-top: 1px solid var(--sl-color-neutral-100); }
.person:first-child { border-top: none; }
.person.off .who strong { color: var(--sl-color-neutral-500); }
.who { display: flex; flex-direction: column; min-width: 0; }
.who strong { font-weight: 600; color: var(--sl-color-neutral-900); }
.job { color: var(--sl-color-neutral-800); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; text-align: center; }
.state p { margin: 0; }
.state.boxed { background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.form { display: flex; flex-direction: column; gap: 14px; }
.intro { margin: 0 0 10px; }
.targets { max-height: 50vh; overflow: auto; }
.targets sl-radio { display: block; margin-bottom: 6px; }
.candidates { border: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.candidates legend { padding: 0; margin-bottom: 8px; }
.candidates sl-checkbox { align-self: flex-start; }
@container org-structure (max-width: 640px) {
  .panes { grid-template-columns: 1fr; }
  /* Touch screens do not drag: 上移/下移/移到… do it there. */
  .drag-hint { display: none; }
  .person { grid-template-columns: 1fr auto; grid-template-areas: 'who action' 'job job' 'stores stores'; gap: 2px 8px; }
  .who { grid-area: who; } .job { grid-area: job; } .stores { grid-area: stores; }
  .person > :last-child { grid-area: action; }
}
`;
