/** Styles of <garage-customer-board>, inside its shadow root. */
export const customerBoardStyles = `
:host {
  font-size: 14px;
  --stage-new: var(--sl-color-sky-600, #0284c7);
  --stage-active: var(--sl-color-success-600, #16a34a);
  --stage-sleeping: var(--sl-color-warning-600, #d97706);
  --stage-lost: var(--sl-color-neutral-500, #71717a);
}
.board { display: flex; flex-direction: column; gap: 16px; }
.muted { color: var(--sl-color-neutral-500); }
header p { margin: 0; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; }
.stages { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 14px; }
@media (max-width: 900px) { .stages { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.stage { all: unset; box-sizing: border-box; cursor: pointer; display: flex; flex-direction: column; gap: 6px; padding: 16px 18px;
  background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-top: 4px solid var(--stage-colour);
  border-radius: var(--sl-border-radius-large); transition: box-shadow 0.15s, transform 0.15s; }
.stage:hover, .stage:focus-visible { box-shadow: var(--sl-shadow-medium); transform: translateY(-1px); }
.stage-new { --stage-colour: var(--stage-new); }
.stage-active { --stage-colour: var(--stage-active); }
.stage-sleeping { --stage-colour: var(--stage-sleeping); }
.stage-lost { --stage-colour: var(--stage-lost); }
.stage-label { font-weight: 600; color: var(--stage-colour); }
.stage-count { font-size: 30px; font-weight: 700; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; line-height: 1.1; }
.bar { height: 6px; border-radius: 3px; background: var(--sl-color-neutral-100); overflow: hidden; }
.bar span { display: block; height: 100%; background: var(--stage-colour); }
.stage-share { font-size: 12px; color: var(--sl-color-neutral-600); }
.stage-rule { font-size: 12px; color: var(--sl-color-neutral-500); }
.stage-advice { font-size: 12px; color: var(--sl-color-neutral-700); padding-top: 6px; border-top: 1px dashed var(--sl-color-neutral-200); }
.stores { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 10px 12px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: left; }
th { font-weight: 500; color: var(--sl-color-neutral-600); font-size: 13px; background: var(--sl-color-neutral-50); }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.strong { font-weight: 600; }
.link { all: unset; cursor: pointer; color: var(--sl-color-primary-700); font-weight: 500; }
.link:hover, .link:focus-visible { text-decoration: underline; }
.mini-bar { display: block; margin-left: auto; margin-top: 4px; width: 80px; height: 3px; background: var(--sl-color-neutral-100); border-radius: 2px; overflow: hidden; }
.mini-bar span { display: block; height: 100%; }
.fill-new { background: var(--stage-new); } .fill-active { background: var(--stage-active); }
.fill-sleeping { background: var(--stage-sleeping); } .fill-lost { background: var(--stage-lost); }
.state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 40px; }
`;
