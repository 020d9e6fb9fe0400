/**
 * Styles of 潜在客户. The component renders them itself (a <style> in its tree), so it looks the same
 * as its own element and inside <garage-customer-import kind="potential">; every rule sits under
 * `.potential` so the embedding widget's classes do not meet ours. Below 720 px of its own width
 * each lead is a card (the 360 px WeCom sidebar).
 */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const potentialCustomersStyles = `${DATE_FIELD_CSS}
.potential { display: flex; flex-direction: column; gap: 12px; font-size: 14px; line-height: 1.6; container: potential-customers / inline-size; }
.potential .muted { color: var(--sl-color-neutral-600); }
.potential .small { font-size: 12px; }
.potential .figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.potential .head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.potential .head > div { flex: 1 1 320px; }
.potential .head p { margin: 0; }
.potential h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.potential .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.potential .chip { display: inline-flex; align-items: center; gap: 6px; height: 30px; padding: 0 12px; border-radius: 15px; cursor: pointer;
  font: inherit; font-size: 13px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-300); }
.potential .chip:hover { border-color: var(--sl-color-primary-400); color: var(--sl-color-primary-700); }
.potential .chip[aria-pressed='true'] { color: var(--sl-color-primary-700); background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-500); font-weight: 600; }
.potential .chip.due[aria-pressed='false'] .count { color: var(--sl-color-danger-700); }
.potential .chip .count { font-variant-numeric: tabular-nums; }
.potential .chip:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.potential .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.potential .filters .search { flex: 1 1 220px; min-width: 0; }
.potential .filters sl-select { width: 150px; }
.potential .bulk { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 6px 12px; border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.potential .bulk strong { margin-right: auto; }
.potential .leads { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.potential .lead, .potential .titles { display: grid; grid-template-columns: 28px minmax(130px, 1.3fr) 100px minmax(110px, 1fr) 76px 80px 96px minmax(130px, 1.4fr) minmax(120px, auto);
  align-items: center; gap: 10px; padding: 10px 14px; }
.potential .titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-large) var(--sl-border-radius-large) 0 0; }
.potential .lead { border-top: 1px solid var(--sl-color-neutral-100); }
.potential .lead.closed { background: var(--sl-color-neutral-50); }
.potential .who { display: flex; flex-direction: column; min-width: 0; }
.potential .who strong { color: var(--sl-color-neutral-900); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.potential .who .unnamed { color: var(--sl-color-neutral-600); font-weight: 400; }
.potential .who span { font-size: 12px; }
.potential .source { display: flex; flex-direction: column; min-width: 0; font-size: 13px; }
.potential .source span:last-child { color: var(--sl-color-neutral-600); font-size: 12px; }
.potential .status sl-tag::part(base) { white-space: nowrap; }
.potential .next.overdue { color: var(--sl-color-danger-700); font-weight: 600; }
.potential .next.today { color: var(--sl-color-warning-700); font-weight: 600; }
.potential .last { font-size: 12px; color: var(--sl-color-neutral-700); overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.potential .actions { display: flex; justify-content: flex-end; flex-wrap: wrap; gap: 0; }
.potential .link { color: var(--sl-color-success-700); }
.potential .label { display: none; }
.potential .pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.potential .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.potential .state p { margin: 0; }
.potential .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.potential-dialog .form { display: grid; grid-template-columns: 1fr 1fr; gap: 12px 14px; }
.potential-dialog .form .wide { grid-column: 1 / -1; }
.potential-dialog .problem { color: var(--sl-color-danger-700); font-size: 13px; margin: 0; }
.potential-dialog .history { list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 2px solid var(--sl-color-neutral-200); display: flex; flex-direction: column; gap: 10px; }
.potential-dialog .history li { position: relative; }
.potential-dialog .history li::before { content: ''; position: absolute; left: -20px; top: 7px; width: 10px; height: 10px; border-radius: 50%;
  background: var(--sl-color-neutral-0); border: 2px solid var(--sl-color-primary-500); }
.potential-dialog .history .meta { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; font-size: 12px; color: var(--sl-color-neutral-600); }
.potential-dialog .history p { margin: 2px 0 0; white-space: pre-wrap; color: var(--sl-color-neutral-900); }
.potential-dialog h3 { margin: 16px 0 8px; font-size: 14px; font-weight: 600; }
.potential-dialog sl-radio-group::part(form-control-input) { display: flex; gap: 4px 16px; flex-wrap: wrap; }
@container potential-customers (max-width: 720px) {
  .potential .titles { display: none; }
  .potential .lead { grid-template-columns: 28px 1fr auto; grid-template-areas: 'pick who status' 'pick plate owner' 'pick source source' 'pick next next' 'pick last last' 'pick actions actions'; gap: 2px 8px; padding: 12px; align-items: start; }
  .potential .pick { grid-area: pick; padding-top: 2px; } .potential .who { grid-area: who; } .potential .status { grid-area: status; justify-self: end; }
  .potential .plate { grid-area: plate; } .potential .owner { grid-area: owner; justify-self: end; }
  .potential .source { grid-area: source; flex-direction: row; flex-wrap: wrap; gap: 0 8px; } .potential .next { grid-area: next; }
  .potential .last { grid-area: last; } .potential .actions { grid-area: actions; justify-content: flex-start; margin-left: -12px; }
  .potential .label { display: inline; color: var(--sl-color-neutral-600); }
  .potential .filters sl-select { flex: 1 1 130px; width: auto; }
  .potential .pager { justify-content: space-between; }
}
@media (max-width: 600px) {
  .potential-dialog .form { grid-template-columns: 1fr; }
}
`;
