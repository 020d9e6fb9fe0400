/**
 * Styles of 保险查询. Below 760 px of its own width each policy is a card (the 360 px WeCom sidebar).
 */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const lookupStyles = `${DATE_FIELD_CSS}
:host { display: block; }
.lookup { display: flex; flex-direction: column; gap: 12px; font-size: 14px; line-height: 1.6; container: insurance-lookup / inline-size; }
.lookup .muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.mono { font-family: var(--sl-font-mono); }
.lookup .head p { margin: 0; }
.lookup .head { display: flex; flex-wrap: wrap; align-items: flex-start; justify-content: space-between; gap: 8px 16px; }
.lookup .head .import-policies { flex: none; }
.lookup h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.lookup .tabs { display: flex; flex-wrap: wrap; gap: 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
.lookup .tab { flex: none; display: inline-flex; align-items: center; gap: 6px; padding: 8px 14px; font: inherit; font-size: 14px; cursor: pointer;
  color: var(--sl-color-neutral-700); background: none; border: 0; border-bottom: 2px solid transparent; margin-bottom: -1px; }
.lookup .tab:hover { color: var(--sl-color-primary-700); }
.lookup .tab[aria-selected='true'] { color: var(--sl-color-primary-700); border-bottom-color: var(--sl-color-primary-600); font-weight: 600; }
.lookup .tab:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: -2px; }
.lookup .tab .count { min-width: 20px; padding: 0 6px; border-radius: 10px; font-size: 12px; line-height: 18px; text-align: center; font-variant-numeric: tabular-nums;
  background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); font-weight: 400; }
.lookup .tab .count.urgent { background: var(--sl-color-danger-50); color: var(--sl-color-danger-700); }
.lookup .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.lookup .chip { display: inline-flex; align-items: center; gap: 6px; height: 30px; padding: 0 12px; border-radius: 15px; cursor: pointer;
  font: inherit; font-size: 13px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-300); }
.lookup .chip:hover { border-color: var(--sl-color-primary-400); color: var(--sl-color-primary-700); }
.lookup .chip[aria-pressed='true'] { color: var(--sl-color-primary-700); background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-500); font-weight: 600; }
.lookup .chip .count { font-variant-numeric: tabular-nums; }
.lookup .chip:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.lookup .filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.lookup .filters .search { flex: 1 1 240px; min-width: 0; }
.lookup .filters sl-select { width: 150px; }
.lookup .notice { margin: 0; padding: 6px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.lookup .bulk { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 6px 12px; border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.lookup .bulk strong { margin-right: auto; }
.lookup .policies { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.lookup .policy, .lookup .titles { display: grid;
  grid-template-columns: 28px minmax(90px, 0.9fr) minmax(110px, 1.1fr) minmax(90px, 1fr) 104px minmax(120px, 1.2fr) minmax(96px, 0.9fr) minmax(80px, 0.8fr) minmax(80px, 1.1fr) auto;
  align-items: center; gap: 10px; padding: 10px 14px; }
.lookup .titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-large) var(--sl-border-radius-large) 0 0; }
.lookup .policy { border-top: 1px solid var(--sl-color-neutral-100); }
.lookup .policy.closed { background: var(--sl-color-neutral-50); }
.lookup .vehicle, .lookup .customer, .lookup .insurer, .lookup .expiry, .lookup .premium, .lookup .state-cell, .lookup .owner { display: flex; flex-direction: column; min-width: 0; }
.lookup .vehicle > span, .lookup .customer > *, .lookup .insurer > span, .lookup .premium > span, .lookup .state-cell .reason { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; }
.lookup .plate { align-self: flex-start; padding: 0; font: inherit; font-weight: 600; color: var(--sl-color-primary-700); background: none; border: 0; cursor: pointer; }
.lookup .plate:hover { text-decoration: underline; }
.lookup .customer strong { color: var(--sl-color-neutral-900); }
.lookup .expiry.soon { color: var(--sl-color-warning-700); }
.lookup .expiry.expired { color: var(--sl-color-danger-700); }
.lookup .expiry .small { white-space: nowrap; }
.lookup .state-cell { align-items: flex-start; }
.lookup .state-cell sl-tag::part(base) { white-space: nowrap; }
.lookup .next { color: var(--sl-color-neutral-600); }
.lookup .next.due { color: var(--sl-color-danger-700); font-weight: 600; }
.lookup .note { font-size: 12px; color: var(--sl-color-neutral-700); overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.lookup .actions { display: flex; justify-content: flex-end; flex-wrap: wrap; max-width: 150px; }
.lookup .actions sl-button::part(label) { padding: 0 6px; }
.lookup .label { display: none; }
.lookup .pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.lookup .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.lookup .state p { margin: 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.insurance-dialog .form { display: grid; grid-template-columns: 1fr 1fr; gap: 12px 14px; }
.insurance-dialog .form .wide { grid-column: 1 / -1; }
.insurance-dialog .form p { margin: 0; }
.insurance-dialog .problem { color: var(--sl-color-danger-700); font-size: 13px; margin: 0; }
.insurance-dialog .history { list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 2px solid var(--sl-color-neutral-200); display: flex; flex-direction: column; gap: 10px; }
.insurance-dialog .history li { position: relative; }
.insurance-dialog .history li::before { content: ''; position: absolute; left: -20px; top: 7px; width: 10px; height: 10px; border-radius: 50%;
  background: var(--sl-color-neutral-0); border: 2px solid var(--sl-color-primary-500); }
.insurance-dialog .history .meta { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; font-size: 12px; color: var(--sl-color-neutral-600); }
.insurance-dialog .history p { margin: 2px 0 0; white-space: pre-wrap; color: var(--sl-color-neutral-900); }
.insurance-dialog h3 { margin: 16px 0 8px; font-size: 14px; font-weight: 600; }
.insurance-dialog sl-radio-group::part(form-control-input) { display: flex; gap: 4px 16px; flex-wrap: wrap; }
@container insurance-lookup (max-width: 760px) {
  .lookup .titles { display: none; }
  .lookup .tab { padding: 6px 10px; }
  .lookup .policy { grid-template-columns: 28px 1fr auto; gap: 4px 8px; padding: 12px; align-items: start;
    grid-template-areas: 'pick vehicle state' 'pick customer expiry' 'pick insurer premium' 'pick owner owner' 'pick note note' 'pick actions actions'; }
  .lookup .pick { grid-area: pick; padding-top: 2px; } .lookup .vehicle { grid-area: vehicle; } .lookup .state-cell { grid-area: state; align-items: flex-end; }
  .lookup .customer { grid-area: customer; } .lookup .expiry { grid-area: expiry; align-items: flex-end; }
  .lookup .insurer { grid-area: insurer; } .lookup .premium { grid-area: premium; align-items: flex-end; }
  .lookup .premium .small { display: none; }
  .lookup .owner { grid-area: owner; flex-direction: row; flex-wrap: wrap; gap: 0 10px; } .lookup .note { grid-area: note; }
  .lookup .actions { grid-area: actions; justify-content: flex-start; max-width: none; margin-left: -8px; }
  .lookup .label { display: inline; color: var(--sl-color-neutral-600); }
  .lookup .filters sl-select { flex: 1 1 130px; width: auto; }
  .lookup .pager { justify-content: space-between; }
}
@media (max-width: 600px) {
  .insurance-dialog .form { grid-template-columns: 1fr; }
}
`;
