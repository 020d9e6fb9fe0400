/**
 * Styles of 保险报价: the composer (two columns, one below 760 px of its own width), the comparison
 * table and the A4 sheet. `sheetStyles` also goes into the print window (`printStyles`).
 */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const sheetStyles = `
.comparison-scroll { overflow-x: auto; max-width: 100%; }
.comparison { width: 100%; border-collapse: collapse; font-size: 13px; }
.comparison th, .comparison td { padding: 6px 10px; border-bottom: 1px solid #e5e7eb; text-align: right; white-space: nowrap; }
.comparison thead th { background: #f3f4f6; font-weight: 600; }
.comparison th[scope='row'], .comparison thead th:first-child { text-align: left; font-weight: 400; white-space: normal; min-width: 150px; }
.comparison .limit { margin-left: 6px; color: #6b7280; font-size: 12px; white-space: nowrap; }
.comparison .sub th, .comparison .sub td { color: #4b5563; }
.comparison .total th, .comparison .total td { font-weight: 700; font-size: 14px; border-bottom: 2px solid #1f2937; }
.comparison .lowest { background: #dcfce7; }
.comparison .badge { margin-left: 6px; padding: 0 6px; border-radius: 8px; font-size: 11px; color: #fff; background: #16a34a; font-weight: 400; }
.comparison .muted { color: #9ca3af; }
.offer-cards { display: none; list-style: none; margin: 0; padding: 0; flex-direction: column; gap: 10px; font-size: 13px; }
.offer-card { padding: 10px 12px; border: 1px solid #e5e7eb; border-radius: 8px; background: #fff; }
.offer-card.lowest { border-color: #16a34a; box-shadow: inset 4px 0 0 #16a34a; }
.offer-card header { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding-bottom: 6px; border-bottom: 1px solid #e5e7eb; }
.offer-card .insurer { font-size: 15px; }
.offer-card .total { margin-left: auto; font-size: 18px; }
.offer-card.lowest .total { color: #15803d; }
.offer-card .badge { padding: 0 6px; border-radius: 8px; font-size: 11px; color: #fff; background: #16a34a; }
.offer-card dl { margin: 6px 0 0; }
.offer-card dl div { display: flex; justify-content: space-between; gap: 12px; padding: 2px 0; }
.offer-card dt { min-width: 0; color: #374151; }
.offer-card dd { margin: 0; }
.offer-card .sub dt, .offer-card .sub dd { color: #6b7280; }
.offer-card .limit { margin-left: 6px; color: #6b7280; font-size: 12px; white-space: nowrap; }
.offer-card .muted { color: #9ca3af; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.sheet { box-sizing: border-box; width: 100%; max-width: 210mm; padding: 28px 32px; background: #fff; color: #1f2937; font-size: 13px; line-height: 1.6;
  border: 1px solid #e5e7eb; border-radius: 8px; }
.sheet h2 { margin: 0; font-size: 22px; text-align: center; letter-spacing: 2px; }
.sheet h3 { margin: 16px 0 6px; font-size: 14px; }
.sheet p { margin: 2px 0; }
.sheet .muted { color: #6b7280; }
.sheet-head { padding-bottom: 8px; border-bottom: 2px solid #1f2937; text-align: center; }
.sheet-head p { color: #4b5563; }
.sheet-facts { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 24px; margin: 12px 0 0; }
.sheet-facts div { display: flex; gap: 10px; min-width: 0; }
.sheet-facts dt { flex: none; width: 64px; color: #6b7280; }
.sheet-facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.sheet-foot { margin-top: 16px; padding-top: 8px; border-top: 1px solid #e5e7eb; font-size: 12px; color: #6b7280; }
@container (max-width: 520px) {
  .sheet { padding: 16px 12px; }
  .sheet-facts { grid-template-columns: 1fr; }
  .offer-cards { display: flex; }
  .comparison-scroll { display: none; }
}
`;

export const printStyles = `
@page { size: A4; margin: 12mm; }
html, body { margin: 0; font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
${sheetStyles}
.sheet { border: 0; max-width: none; padding: 0; }
@media print { .comparison .lowest, .comparison .badge { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
`;

export const quoteStyles = `${DATE_FIELD_CSS}
:host { display: block; }
.quote { display: flex; flex-direction: column; gap: 14px; font-size: 14px; line-height: 1.6; container: insurance-quote / inline-size; color: var(--sl-color-neutral-900); }
.quote .muted { color: var(--sl-color-neutral-600); }
.quote .small { font-size: 12px; }
.quote h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
.quote h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; }
.quote .head p { margin: 0; }
.quote .card { padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.quote .layout { display: grid; grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr); gap: 14px; align-items: start; }
.quote .column { display: flex; flex-direction: column; gap: 14px; min-width: 0; }
.quote .vehicle-card { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 18px; }
.quote .vehicle-card .plate { font-size: 20px; font-weight: 700; letter-spacing: 1px; }
.quote .vehicle-card .change { margin-left: auto; }
.quote .form { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
.quote .form .wide { grid-column: 1 / -1; }
.quote .form .two { grid-column: span 2; }
.quote fieldset.plain { border: 0; margin: 0; padding: 0; min-width: 0; }
.quote .checks { display: flex; flex-wrap: wrap; gap: 6px 18px; }
.quote .checks sl-checkbox { min-width: 0; }
.quote .live { display: flex; flex-direction: column; gap: 4px; }
.quote .live .amount { font-size: 26px; font-weight: 700; color: var(--sl-color-primary-700); font-variant-numeric: tabular-nums; }
.quote .live .formula { font-size: 13px; color: var(--sl-color-neutral-700); }
.quote .live .tax { margin-top: 8px; padding-top: 8px; border-top: 1px dashed var(--sl-color-neutral-200); }
.quote .problem { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
.quote .actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.quote .stale { color: var(--sl-color-warning-700); font-size: 13px; }
.quote .saved { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.quote .saved li { display: flex; align-items: center; gap: 10px; padding: 6px 0; border-top: 1px solid var(--sl-color-neutral-100); }
.quote .saved li:first-child { border-top: 0; }
.quote .saved .when { flex: 1; min-width: 0; }
.quote .share { display: flex; flex-direction: column; gap: 6px; padding: 10px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-primary-50); }
.quote .share .url { font-family: var(--sl-font-mono); font-size: 12px; overflow-wrap: anywhere; user-select: all; }
.quote .share .actions { gap: 4px; }
.quote .shares { padding: 8px 12px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.quote .shares h4 { margin: 0 0 2px; font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-700); }
.quote .shares ul { list-style: none; margin: 0; padding: 0; }
.quote .shares li { display: grid; grid-template-columns: minmax(0, 1fr) auto 76px; align-items: center; gap: 10px; min-height: 44px; padding: 4px 0; border-top: 1px solid var(--sl-color-neutral-100); font-size: 13px; }
.quote .shares li:first-child { border-top: 0; }
.quote .shares .when { display: flex; flex-direction: column; min-width: 0; }
.quote .shares li sl-button { justify-self: end; }
.quote .shares .chip { padding: 0 8px; border-radius: 10px; font-size: 12px; background: var(--sl-color-success-50); color: var(--sl-color-success-800); }
.quote .shares .chip[data-state='expired'] { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.quote .shares .chip[data-state='revoked'] { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); }
.quote sl-button.danger::part(label) { color: var(--sl-color-danger-700); }
.quote .sheet-wrap { display: flex; flex-direction: column; gap: 10px; align-items: stretch; container-type: inline-size; }
.quote .state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.quote .state p { margin: 0; }
.quote .matches { list-style: none; margin: 0; padding: 0; }
.quote .matches button { display: flex; gap: 10px; width: 100%; padding: 8px 10px; font: inherit; text-align: left; cursor: pointer; background: none; border: 0; border-top: 1px solid var(--sl-color-neutral-100); }
.quote .matches button:hover { background: var(--sl-color-primary-50); }
.shared { max-width: 820px; margin: 0 auto; padding: 12px; display: flex; flex-direction: column; gap: 10px; font-size: 14px; container: shared-quote / inline-size; }
.shared .actions { display: flex; gap: 8px; flex-wrap: wrap; }
.shared .state { padding: 48px 16px; text-align: center; color: var(--sl-color-neutral-700); }
.shared .state.gone { display: flex; flex-direction: column; align-items: center; gap: 8px; width: 100%; max-width: 480px; box-sizing: border-box; margin: 24px auto 0; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.shared .state.gone sl-icon { font-size: 40px; color: var(--sl-color-neutral-400); }
.shared .state.gone h2 { margin: 0; font-size: 20px; color: var(--sl-color-neutral-900); }
.shared .state.gone p { margin: 0; }
${sheetStyles}
@container insurance-quote (max-width: 760px) {
  .quote .layout { grid-template-columns: minmax(0, 1fr); }
  .quote .form { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .quote .form .two { grid-column: 1 / -1; }
}
@container insurance-quote (max-width: 400px) {
  .quote .card { padding: 12px; }
  .quote .form { grid-template-columns: minmax(0, 1fr); }
}
@media print {
  .quote > :not(.sheet-wrap), .quote .sheet-wrap > :not(.sheet), .shared .actions { display: none; }
}
`;
