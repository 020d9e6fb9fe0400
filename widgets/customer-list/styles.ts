/** Styles of <garage-customer-list>, inside its shadow root. */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';

export const customerListStyles = `${DATE_FIELD_CSS}
/* The widget's own width decides the layout (the WeCom sidebar is 360 px in any window). */
:host { font-size: 14px !important; }
.customer-list { display: flex; flex-direction: column; gap: 12px; container: customer-list / inline-size; }
.muted { color: var(--sl-color-neutral-600); }

.builder { display: flex; flex-direction: column; gap: 10px; padding: 14px 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.builder-row { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: flex-end; }
.builder-row.advanced { padding-top: 10px; border-top: 1px dashed var(--sl-color-neutral-200); }
.field { display: flex; flex-direction: column; gap: 4px; width: 180px; }
.field.wide { width: 300px; }
.field-label { font-size: 12px; color: var(--sl-color-neutral-600); }
/* Shoelace's own labels name the filter controls; they look like the captions of the field groups. */
.builder sl-select::part(form-control-label), .builder sl-input::part(form-control-label) { font-size: 12px; line-height: 1.5; color: var(--sl-color-neutral-600); margin-bottom: 4px; }
.builder .hidden-label::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.builder .hidden-label::part(form-control-help-text) { font-size: 12px; color: var(--sl-color-danger-700); }
.field.dates { width: 340px; max-width: 100%; }
.inline.dates { align-items: flex-start; }
.inline.dates .dash { line-height: var(--sl-input-height-small); }
.inline { display: flex; align-items: center; gap: 6px; }
.inline.labelled { flex-direction: row; align-items: flex-end; }
.inline > * { flex: 1; min-width: 0; }
.inline .tag-mode { flex: 0 0 120px; }
.inline .dash { flex: 0 0 auto; color: var(--sl-color-neutral-400); }
.builder-actions { display: flex; gap: 6px; margin-left: auto; }
.builder-actions .divider { width: 1px; align-self: stretch; margin: 2px 4px; background: var(--sl-color-neutral-200); }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; }

.saved { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-height: 26px; font-size: 13px; }
.saved-label { color: var(--sl-color-neutral-600); }
.saved-chip { cursor: pointer; }
/* The chip's name and its ✕ are buttons (Tab, Enter, Space). */
.saved-chip::part(base) { padding-right: 2px; }
.saved-chip .apply { all: unset; cursor: pointer; border-radius: var(--sl-border-radius-pill); }
.saved-chip .apply:focus-visible { outline: var(--sl-focus-ring); outline-offset: 2px; }
.saved-chip .remove { font-size: 11px; margin-left: 1px; }
/* A 24 px tap target (WCAG 2.2 target size; the small tag is 24 px high), the ✕ itself stays 11 px. */
.saved-chip .remove::part(base) { box-sizing: border-box; width: 24px; height: 24px; padding: 0; justify-content: center; color: var(--sl-color-primary-700); }
.saved-chip::part(base) { background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-200); color: var(--sl-color-primary-700); }
.saved-chip:hover::part(base) { background: var(--sl-color-primary-100); }

.toolbar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 10px; min-height: 32px; }
.total { color: var(--sl-color-neutral-700); font-weight: 500; }
.total-hint { margin-left: 8px; font-size: 12px; font-weight: 400; }
.bulk { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 4px 10px; border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.select-all { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px; }
.select-all .link { padding: 0; border: 0; background: none; font: inherit; font-weight: 500; color: var(--sl-color-primary-700);
  text-decoration: underline; cursor: pointer; }
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
/* 操作 stays at the right edge while the wide table scrolls sideways inside its frame (a 1440 px screen
   with the menu shows about ten columns): 外呼 is never off screen. */
th.col-actions, td.col-actions { position: sticky; right: 0; background: var(--sl-color-neutral-0); box-shadow: inset 1px 0 0 var(--sl-color-neutral-100); }
th.col-actions { z-index: 1; background: var(--sl-color-neutral-50); }
tbody tr:hover td.col-actions { background: var(--sl-color-neutral-50); }
tbody tr.selected td.col-actions { background: var(--sl-color-primary-50); }
input[type='checkbox'] { width: 15px; height: 15px; accent-color: var(--sl-color-primary-600); cursor: pointer; }
.sort { all: unset; cursor: pointer; display: inline-flex; align-items: center; gap: 4px; border-radius: var(--sl-border-radius-small); }
/* all: unset took the browser's focus ring too: keyboard users must see where they are. */
.sort:focus-visible { outline: var(--sl-focus-ring); outline-offset: 2px; color: var(--sl-color-primary-700); }
.sort:hover { color: var(--sl-color-primary-700); }
.sort .arrow { font-size: 10px; color: var(--sl-color-neutral-500); }
.sort .arrow.asc, .sort .arrow.desc { color: var(--sl-color-primary-700); }
.customer-name { font-weight: 500; color: var(--sl-color-neutral-900); }
.mono { font-variant-numeric: tabular-nums; white-space: nowrap; }
.money { font-variant-numeric: tabular-nums; white-space: nowrap; }
.col-visitCount, .col-totalSpend { text-align: right; }
.vehicles { display: inline-flex; gap: 4px; align-items: center; }
.plate:focus-visible { outline: var(--sl-focus-ring); outline-offset: 2px; }
.plate { border: 0; cursor: pointer; font-family: inherit; display: inline-block; padding: 1px 6px; border-radius: 3px; background: #1e40af; color: #fff; font-size: 12px; letter-spacing: 0.5px; }
.plate.green { background: linear-gradient(180deg, #f0fdf4, #86efac); color: #14532d; }
/* 外呼: a plain button drawn like Shoelace's small text button (no element per row to upgrade). */
.call { display: inline-flex; align-items: center; gap: 6px; min-height: var(--sl-input-height-small, 30px); padding: 0 8px; border: 0; border-radius: var(--sl-border-radius-medium, 4px); background: none; font: inherit; font-size: var(--sl-button-font-size-small, 12px); font-weight: var(--sl-font-weight-semibold, 600); color: var(--sl-color-primary-700); cursor: pointer; white-space: nowrap; }
.call:hover:not(:disabled) { color: var(--sl-color-primary-600); }
.call:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset, 1px); }
.call:disabled { opacity: 0.5; cursor: not-allowed; }
.call-icon { flex: none; font-size: 14px; }
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

.pager { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 8px; }
.pager .page-size::part(form-control-input) { width: 92px; }
/* 「每页 [10 条]」 on one line: the label stays visible (axe wants a select's label seen, not only read). */
.pager .page-size::part(form-control) { display: flex; align-items: center; gap: 6px; }
.pager .page-size::part(form-control-label) { margin: 0; font-size: 13px; color: var(--sl-color-neutral-600); white-space: nowrap; }

.dialog-hint { margin: 0 0 10px; }
.dialog-fields { display: flex; flex-direction: column; gap: 14px; }
.tag-picker { display: flex; flex-direction: column; gap: 12px; }
.tag-picker-group { display: flex; flex-direction: column; gap: 6px; font-size: 12px; }
.tag-picker-tags { display: flex; flex-wrap: wrap; gap: 6px; }
.pick { cursor: pointer; padding: 3px 10px; border-radius: 12px; font-size: 13px; border: 1px solid var(--tag-colour);
  color: var(--tag-colour); background: var(--sl-color-neutral-0); }
.pick.picked { background: var(--tag-colour); color: #fff; }


/*
 * Narrow (a phone, the 360 px WeCom sidebar): the builder shows the keyword and its buttons (the
 * other fields behind 更多筛选 unless one is set), toolbars wrap, and each row becomes a card:
 * name and stage, phone and 外呼, plates, the other chosen columns as labelled facts, tags. The
 * table header stays as a bar with 全选 and the sort buttons.
 */
@container customer-list (max-width: 640px) {
  .builder { padding: 12px; }
  .builder-row { gap: 10px; }
  .field { width: calc(50% - 5px); }
  .field.wide { width: 100%; }
  .builder:not(.expanded):not(.filtered) > .builder-row:first-child > .field:not(.wide) { display: none; }
  .builder-actions { flex-wrap: wrap; margin-left: 0; }
  .builder-actions .divider { display: none; }
  .pager { justify-content: center; }

  .table-wrap { overflow: visible; background: none; border: 0; min-height: 0; }
  table, thead, tbody { display: block; }
  table { white-space: normal; }
  thead tr { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 14px; padding: 0 14px 8px; }
  thead th { display: none; position: static; padding: 0; border: 0; background: none; }
  thead th.check, thead th.sortable { display: block; }
  tbody { display: flex; flex-direction: column; gap: 10px; }
  tbody tr { position: relative; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; padding: 12px 14px 12px 44px;
    background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
  /* Cards below the fold are laid out and painted when they scroll near (a phone shows ~2 of 20). */
  tbody tr { content-visibility: auto; contain-intrinsic-size: auto 190px; }
  tbody tr:hover { background: var(--sl-color-neutral-0); }
  tbody tr.selected { background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-200); }
  td { display: block; padding: 0; border: 0; min-width: 0; order: 7; font-size: 13px; }
  td.check { position: absolute; left: 14px; top: 14px; width: auto; }
  td.col-customer { order: 1; flex: 1 1 60%; font-size: 15px; }
  td.col-stage { order: 2; margin-left: auto; }
  td.col-mobile { order: 3; flex: 1 1 60%; font-size: 14px; }
  td.col-actions { order: 4; margin: -4px 0 -4px auto; position: static; background: none; box-shadow: none; }
  td.col-vehicles { order: 5; flex-basis: 100%; }
  td.col-tags { order: 8; flex-basis: 100%; }
  td.col-tags:has(.tags:empty) { display: none; }
  .vehicles, .tags { flex-wrap: wrap; }
  /* The other chosen columns read as "所属门店 城东店", side by side. */
  td:is(.col-store, .col-level, .col-lastVisitAt, .col-visitCount, .col-totalSpend, .col-source, .col-insuranceExpiry, .col-nextMaintenanceDate, .col-createdAt)::before {
    content: attr(data-label); margin-right: 6px; color: var(--sl-color-neutral-500); }
  .col-visitCount, .col-totalSpend { text-align: left; }
  .state { padding: 28px 12px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
}
`;
