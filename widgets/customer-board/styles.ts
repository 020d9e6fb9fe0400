/** Styles of <garage-customer-board>, inside its shadow root. */
export const customerBoardStyles = `
:host {
  font-size: 14px !important;
  --stage-new: var(--sl-color-sky-600, #0284c7);
  --stage-active: var(--sl-color-success-600, #16a34a);
  --stage-sleeping: var(--sl-color-warning-600, #d97706);
  --stage-lost: var(--sl-color-neutral-500, #71717a);
  /* Text in the stage colour needs the darker shade to read at 4.5:1 on white. */
  --stage-new-text: var(--sl-color-sky-700, #0369a1);
  --stage-active-text: var(--sl-color-success-700, #15803d);
  --stage-sleeping-text: var(--sl-color-warning-700, #b45309);
  --stage-lost-text: var(--sl-color-neutral-600, #52525b);
}
/* The widget's own width decides the layout (the WeCom sidebar is 360 px in any window). */
.board { display: flex; flex-direction: column; gap: 16px; container: board / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
header p { margin: 0; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; }
.stages { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 14px; }
@container board (max-width: 900px) { .stages { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.stage { all: unset; box-sizing: border-box; cursor: pointer; display: flex; flex-direction: column; gap: 6px; padding: 16px 18px;
  background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-top: 4px solid var(--stage-colour);
  border-radius: var(--sl-border-radius-large); transition: box-shadow 0.15s, transform 0.15s; }
.stage:hover, .stage:focus-visible { box-shadow: var(--sl-shadow-medium); transform: translateY(-1px); }
.stage:focus-visible, .link:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
.stage-new { --stage-colour: var(--stage-new); --stage-text: var(--stage-new-text); }
.stage-active { --stage-colour: var(--stage-active); --stage-text: var(--stage-active-text); }
.stage-sleeping { --stage-colour: var(--stage-sleeping); --stage-text: var(--stage-sleeping-text); }
.stage-lost { --stage-colour: var(--stage-lost); --stage-text: var(--stage-lost-text); }
.stage-label { font-weight: 600; color: var(--stage-text); }
.stage-count { font-size: 30px; font-weight: 700; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; line-height: 1.1; }
.bar { height: 6px; border-radius: 3px; background: var(--sl-color-neutral-100); overflow: hidden; }
.bar span { display: block; height: 100%; background: var(--stage-colour); }
.stage-share { font-size: 12px; color: var(--sl-color-neutral-600); }
.stage-rule { font-size: 12px; color: var(--sl-color-neutral-600); }
.stage-advice { font-size: 12px; color: var(--sl-color-neutral-700); padding-top: 6px; border-top: 1px dashed var(--sl-color-neutral-200); }
.stores { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 10px 12px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: left; }
th { font-weight: 500; color: var(--sl-color-neutral-600); font-size: 13px; background: var(--sl-color-neutral-50); }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.strong { font-weight: 600; }
.link { all: unset; cursor: pointer; color: var(--sl-color-primary-700); font-weight: 500; }
.link:hover, .link:focus-visible { text-decoration: underline; }
.mini-bar { display: block; margin-left: auto; margin-top: 4px; width: min(80px, 100%); height: 3px; background: var(--sl-color-neutral-100); border-radius: 2px; overflow: hidden; }
.mini-bar span { display: block; height: 100%; }
.fill-new { background: var(--stage-new); } .fill-active { background: var(--stage-active); }
.fill-sleeping { background: var(--stage-sleeping); } .fill-lost { background: var(--stage-lost); }
.state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 40px; }
/* Narrow: the store table keeps its six columns by giving up padding; cards stay two by two. */
@container board (max-width: 560px) {
  .stage { padding: 12px 14px; }
  .stage-count { font-size: 26px; }
  .stores { padding: 12px 10px; }
  th, td { padding: 8px 4px; }
  th:first-child, td:first-child { padding-left: 6px; white-space: nowrap; }
}
`;
