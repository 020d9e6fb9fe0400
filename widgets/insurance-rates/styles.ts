/** Styles of <garage-insurance-rates>, inside its shadow root; one column under 560 px of its own width. */
export const insuranceRatesStyles = `
.rates, .state { font-size: 14px; line-height: 1.6; }
.rates { display: flex; flex-direction: column; gap: 14px; max-width: 1080px; container: rates / inline-size; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
h4 { margin: 0 0 6px; font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-800); }
p { margin: 0; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.note { padding: 8px 12px; border-radius: var(--sl-border-radius-medium); font-size: 13px; background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); border: 1px solid var(--sl-color-primary-100); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center; border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; justify-content: space-between; position: sticky; top: 0; z-index: 1;
  background: var(--sl-color-neutral-0); padding: 8px 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
.bar .buttons { display: flex; gap: 8px; flex-wrap: wrap; }
.problem { color: var(--sl-color-danger-700); font-size: 12px; }
.insurer { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: 14px 16px;
  display: flex; flex-direction: column; gap: 12px; }
.insurer[data-enabled='false'] { background: var(--sl-color-neutral-50); }
.insurer-head { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr) auto auto; gap: 10px; align-items: end; }
.grid { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 8px 10px; }
.grid.wide { grid-template-columns: repeat(4, minmax(0, 1fr)); }
label.field { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--sl-color-neutral-700); min-width: 0; }
label.check { display: flex; gap: 6px; align-items: center; font-size: 13px; color: var(--sl-color-neutral-800); white-space: nowrap; padding-bottom: 6px; }
input.native { font: inherit; font-size: 14px; color: var(--sl-color-neutral-900); background: var(--sl-color-neutral-0); width: 100%;
  border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium); padding: 5px 8px; min-width: 0; box-sizing: border-box; font-variant-numeric: tabular-nums; }
input.native:focus { outline: 2px solid var(--sl-color-primary-300); border-color: var(--sl-color-primary-500); }
input.native[aria-invalid='true'] { border-color: var(--sl-color-danger-600); background: var(--sl-color-danger-50); }
input.native:disabled { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
details summary { cursor: pointer; font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-800); }
details[open] summary { margin-bottom: 8px; }
.danger::part(label) { color: var(--sl-color-danger-700); }
@container rates (max-width: 900px) {
  .grid { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .grid.wide { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
@container rates (max-width: 560px) {
  .insurer-head { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .insurer { padding: 12px; }
}
`;
