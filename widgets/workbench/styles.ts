import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';

/** Styles of 工作台: figures in four cards, tasks beside the shortcuts; one column below 760 px of its own width. */
export const workbenchStyles = `${DATE_FIELD_CSS}
:host { display: block; }
.workbench { display: flex; flex-direction: column; gap: 14px; font-size: 14px; line-height: 1.6; color: var(--sl-color-neutral-900); container: workbench / inline-size; }
.workbench .muted { color: var(--sl-color-neutral-600); }
.workbench .small { font-size: 12px; }
.workbench h2 { margin: 0; font-size: 20px; font-weight: 600; }
.workbench h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; }
.workbench p { margin: 0; }
.workbench .head { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.workbench .view-pill { padding: 2px 12px; border-radius: 999px; background: var(--sl-color-primary-50); color: var(--sl-color-primary-700); font-size: 13px; white-space: nowrap; }
.workbench .panel { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.workbench .figures { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; }
.workbench .figure-card { display: flex; flex-direction: column; gap: 2px; padding: 12px 14px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-50); min-width: 0; }
.workbench .figure-card .label { font-size: 13px; color: var(--sl-color-neutral-600); }
.workbench .figure-card .value { font-size: 24px; font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.workbench .change { font-size: 12px; color: var(--sl-color-neutral-600); white-space: nowrap; }
.workbench .change b { font-weight: 600; font-variant-numeric: tabular-nums; }
.workbench .change.up b { color: var(--sl-color-success-700); }
.workbench .change.down b { color: var(--sl-color-danger-700); }
.workbench .columns { display: grid; grid-template-columns: minmax(0, 1fr) 280px; gap: 14px; align-items: start; }
.workbench .tasks-head { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
.workbench .leads-due { display: inline-flex; align-items: center; gap: 6px; margin-bottom: 8px; font-size: 13px; color: var(--sl-color-primary-700); text-decoration: none; }
.workbench .leads-due:hover { text-decoration: underline; }
.workbench .kinds { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 8px; }
.workbench .kinds button { font: inherit; font-size: 13px; padding: 3px 12px; border-radius: 999px; border: 1px solid var(--sl-color-neutral-300); background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-700); cursor: pointer; }
.workbench .kinds button[aria-selected='true'] { background: var(--sl-color-primary-700); border-color: var(--sl-color-primary-700); color: var(--sl-color-neutral-0); }
.workbench .kinds .n { font-variant-numeric: tabular-nums; opacity: 0.9; }
.workbench .task-list { list-style: none; margin: 0; padding: 0; }
.workbench .task-list.stale { opacity: 0.55; transition: opacity 0.15s 0.1s; }
.workbench .task { display: grid; grid-template-columns: 76px minmax(0, 1fr) auto; gap: 12px; align-items: center; padding: 10px 4px; border-top: 1px solid var(--sl-color-neutral-100); }
.workbench .badge { justify-self: start; padding: 1px 8px; border-radius: var(--sl-border-radius-small); font-size: 12px; white-space: nowrap; background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.workbench .kind-maintenance .badge { background: var(--sl-color-primary-50); color: var(--sl-color-primary-700); }
.workbench .kind-insurance .badge { background: var(--sl-color-warning-50); color: var(--sl-color-warning-700); }
.workbench .kind-birthday .badge { background: var(--sl-color-danger-50); color: var(--sl-color-danger-700); }
.workbench .kind-lost .badge { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-800); }
.workbench .kind-follow_up .badge { background: var(--sl-color-success-50); color: var(--sl-color-success-700); }
.workbench .who { min-width: 0; }
.workbench .customer { font-weight: 600; color: var(--sl-color-primary-700); text-decoration: none; margin-right: 8px; }
.workbench .customer:hover { text-decoration: underline; }
.workbench .plate { display: inline-block; padding: 0 6px; margin-right: 6px; border-radius: 3px; background: #1e40af; color: #fff; font-size: 12px; letter-spacing: 0.5px; white-space: nowrap; }
.workbench .vehicle { font-size: 12px; }
.workbench .detail { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 13px; }
.workbench .note { font-size: 12px; }
.workbench .actions { display: flex; gap: 6px; align-items: center; }
.workbench .link-button { display: inline-flex; align-items: center; gap: 4px; height: var(--sl-input-height-small, 30px); padding: 0 10px; box-sizing: border-box; border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium); color: var(--sl-color-neutral-700); text-decoration: none; font-size: 12px; white-space: nowrap; background: var(--sl-color-neutral-0); }
.workbench .link-button:hover { border-color: var(--sl-color-primary-300); color: var(--sl-color-primary-700); background: var(--sl-color-primary-50); }
.workbench .kinds .done-tab { margin-left: auto; }
.workbench .task.closed .badge { opacity: 0.7; }
.workbench .outcome { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; font-size: 13px; margin-top: 2px; }
.workbench .result { padding: 0 8px; border-radius: var(--sl-border-radius-small); background: var(--sl-color-success-50); color: var(--sl-color-success-700); font-size: 12px; white-space: nowrap; }
.workbench .result[data-result='no_answer'], .workbench .result[data-result='declined'] { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.workbench .done-note { flex-basis: 100%; color: var(--sl-color-neutral-700); }
.workbench .pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; flex-wrap: wrap; margin-top: 10px; padding-top: 10px; border-top: 1px solid var(--sl-color-neutral-100); }
.finish-dialog::part(panel) { width: min(480px, calc(100vw - 24px)); }
.finish-form { display: flex; flex-direction: column; gap: 14px; }
.finish-form sl-radio-group::part(form-control-input) { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 6px 12px; }
.finish-form .problem { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
.workbench .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 32px 16px; text-align: center; }
.workbench .state.empty sl-icon { font-size: 36px; color: var(--sl-color-success-600); }
.workbench .shortcut-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.workbench .shortcut { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 12px 6px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-50); color: var(--sl-color-neutral-800); text-decoration: none; font-size: 13px; text-align: center; }
.workbench .shortcut sl-icon { font-size: 22px; color: var(--sl-color-primary-600); }
.workbench .shortcut:hover { background: var(--sl-color-primary-50); color: var(--sl-color-primary-700); }
@container workbench (max-width: 1000px) {
  .workbench .columns { grid-template-columns: minmax(0, 1fr); }
  .workbench .shortcut-grid { grid-template-columns: repeat(5, minmax(0, 1fr)); }
}
@container workbench (max-width: 760px) {
  .workbench .figures { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .workbench .task { grid-template-columns: minmax(0, 1fr); gap: 6px; }
  .workbench .actions { flex-wrap: wrap; }
  .workbench .kinds .done-tab { margin-left: 0; }
  .workbench .pager { justify-content: space-between; }
  .workbench .shortcut-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
@container workbench (max-width: 420px) {
  .workbench .panel { padding: 12px; }
  .workbench .figure-card { padding: 10px; }
  .workbench .figure-card .value { font-size: 20px; }
}
`;
