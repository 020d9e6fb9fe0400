/** Styles of <garage-customer-list>, inside its shadow root. */
export const customerListStyles = `
:host { font-size: 14px; }
.customer-list { display: flex; flex-direction: column; gap: 12px; }
.muted { color: var(--sl-color-neutral-500); }

.builder { display: flex; flex-direction: column; gap: 10px; padding: 14px 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.builder-row { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: flex-end; }
.builder-row.advanced { padding-top: 10px; border-top: 1px dashed var(--sl-color-neutral-200); }
.field { display: flex; flex-direction: column; gap: 4px; width: 180px; }
.field.wide { width: 300px; }
.field-label { font-size: 12px; color: var(--sl-color-neutral-600); }
.inline { display: flex; align-items: center; gap: 6px; }
.inline > * { flex: 1; min-width: 0; }
.inline .tag-mode { flex: 0 0 120px; }
.inline .dash { flex: 0 0 auto; color: var(--sl-color-neutral-400); }
.builder-actions { display: flex; gap: 6px; margin-left: auto; }
.builder-actions .divider { width: 1px; align-self: stretch; margin: 2px 4px; background: var(--sl-color-neutral-200); }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; }

.saved { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-height: 26px; font-size: 13px; }
.saved-label { color: var(--sl-color-neutral-600); }
.saved-chip { cursor: pointer; }
.saved-chip::part(base) { background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-200); color: var(--sl-color-primary-700); }
.saved-chip:hover::part(base) { background: var(--sl-color-primary-100); }

.toolbar { display: flex; align-items: center; justify-content: space-between; gap: 10px; min-height: 32px; }
.total { color: var(--sl-color-neutral-700); font-weight: 500; }
.bulk { display: flex; align-items: center; gap: 8px; padding: 4px 10px; border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.column-menu { display: flex; flex-direction: column; gap: 6px; padding: 10px 14px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); box-shadow: var(--sl-shadow-large); }

.table-wrap { position: relative; overflow-x: auto; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200);
  border-radius: var(--sl-border-radius-large); min-height: 120px; }
table { width: 100%; border-collapse: collapse; white-space: nowrap; transition: opacity 0.15s; }
table.loading { opacity: 0.55; }
th, td { padding: 9px 12px; text-align: left; border-bottom: 1px solid var(--sl-color-neutral-100); }
th { position: sticky; top: 0; background: var(--sl-color-neutral-50); font-weight: 500; color: var(--sl-color-neutral-600); font-size: 13px; }
tbody tr:hover { background: var(--sl-color-neutral-50); }
tbody tr.selected { background: var(--sl-color-primary-50); }
th.check, td.check { width: 36px; padding-right: 0; }
input[type='checkbox'] { width: 15px; height: 15px; accent-color: var(--sl-color-primary-600); cursor: pointer; }
.sort { all: unset; cursor: pointer; display: inline-flex; align-items: center; gap: 4px; }
.sort:hover { color: var(--sl-color-primary-600); }
.sort .arrow { font-size: 10px; color: var(--sl-color-neutral-400); }
.sort .arrow.asc, .sort .arrow.desc { color: var(--sl-color-primary-600); }
.customer-name { font-weight: 500; color: var(--sl-color-neutral-900); }
.mono { font-variant-numeric: tabular-nums; }
.money { font-variant-numeric: tabular-nums; }
.col-visitCount, .col-totalSpend { text-align: right; }
.vehicles { display: inline-flex; gap: 4px; align-items: center; }
.plate { border: 0; cursor: pointer; font-family: inherit; display: inline-block; padding: 1px 6px; border-radius: 3px; background: #1e40af; color: #fff; font-size: 12px; letter-spacing: 0.5px; }
.plate.green { background: linear-gradient(180deg, #f0fdf4, #86efac); color: #14532d; }
.tags { display: inline-flex; gap: 4px; align-items: center; }
.tag { padding: 0 6px; border: 1px solid; border-radius: 10px; font-size: 12px; line-height: 18px; }
.level { font-size: 12px; padding: 1px 6px; border-radius: 3px; background: var(--sl-color-neutral-100); }
.level-银卡 { background: #e5e7eb; }
.level-金卡 { background: #fef3c7; color: #92400e; }
.level-钻石 { background: #ede9fe; color: #5b21b6; }
.stage { font-size: 12px; padding: 1px 8px; border-radius: 10px; }
.stage-new { background: var(--sl-color-sky-100); color: var(--sl-color-sky-800); }
.stage-active { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.stage-sleeping { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.stage-lost { background: var(--sl-color-neutral-200); color: var(--sl-color-neutral-700); }

.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; text-align: center; }
.state sl-icon { font-size: 36px; color: var(--sl-color-neutral-400); }
.state p { margin: 0; }
.state.error sl-icon { color: var(--sl-color-danger-500); }

.pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; }
.pager .page-size { width: 110px; }

.dialog-hint { margin: 0 0 10px; }
.dialog-fields { display: flex; flex-direction: column; gap: 14px; }
.tag-picker { display: flex; flex-direction: column; gap: 12px; }
.tag-picker-group { display: flex; flex-direction: column; gap: 6px; font-size: 12px; }
.tag-picker-tags { display: flex; flex-wrap: wrap; gap: 6px; }
.pick { cursor: pointer; padding: 3px 10px; border-radius: 12px; font-size: 13px; border: 1px solid var(--tag-colour);
  color: var(--tag-colour); background: var(--sl-color-neutral-0); }
.pick.picked { background: var(--tag-colour); color: #fff; }
`;
