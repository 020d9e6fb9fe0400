/**
 * Styles of <garage-diagnosis>, inside its shadow root: one table per store; below 720 px of its own
 * width each metric becomes a card (name and status, the three figures, then reason and advice).
 */
import { FORMULAS_CSS } from '../core/ui/analysis-styles';

export const diagnosisStyles = `
:host { display: block !important; font-size: 14px !important; line-height: 1.6 !important; container-type: inline-size !important; }
.diagnosis { display: flex; flex-direction: column; gap: 16px; color: var(--sl-color-neutral-900); }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.strong { font-weight: 600; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; }
h3 { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px; margin: 0 0 8px; font-size: 16px; font-weight: 600; }
.counts { font-weight: 400; }
.head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; }
.head p { margin: 0 0 2px; }
.months { display: flex; align-items: center; gap: 8px; }
.month { min-width: 96px; text-align: center; }
.stores { display: flex; flex-direction: column; gap: 16px; }
.store { padding: 14px 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.cells { width: 100%; border-collapse: collapse; }
.cells th, .cells td { padding: 8px 10px; border-bottom: 1px solid var(--sl-color-neutral-100); text-align: left; vertical-align: top; }
.cells thead th { font-size: 12px; font-weight: 500; color: var(--sl-color-neutral-600); background: var(--sl-color-neutral-50); }
.cells tbody tr:last-child > * { border-bottom: none; }
.cells .metric { font-weight: 600; white-space: nowrap; }
.cells .number { text-align: right; }
.cells .health { white-space: nowrap; }
.cells .advice { min-width: 260px; }
.cells tr.red > .metric { box-shadow: inset 3px 0 0 var(--sl-color-danger-600); }
.cells tr.amber > .metric { box-shadow: inset 3px 0 0 var(--sl-color-warning-500); }
.reason { display: block; }
.action { display: block; margin-top: 2px; color: var(--sl-color-neutral-700); font-size: 13px; }
.action strong { font-weight: 600; color: var(--sl-color-neutral-800); }
.badge { display: inline-flex; align-items: center; gap: 6px; padding: 1px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; }
.badge .dot { width: 8px; height: 8px; border-radius: 50%; background: currentColor; }
.badge.green { background: var(--sl-color-success-50); color: var(--sl-color-success-700); }
.badge.amber { background: var(--sl-color-warning-50); color: var(--sl-color-warning-700); }
.badge.red { background: var(--sl-color-danger-50); color: var(--sl-color-danger-700); }
.badge.none { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-600); }
${FORMULAS_CSS}
.basis { display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 0 0 8px; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 32px 16px; border: 1px dashed var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-large); color: var(--sl-color-neutral-700); text-align: center; }
.state p { margin: 0; }
@container (max-width: 720px) {
  .store { padding: 12px; }
  .cells thead { display: none; }
  .cells, .cells tbody { display: block; }
  .cells tr { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 4px 8px; padding: 10px 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
  .cells tbody tr:last-child { border-bottom: none; }
  .cells th, .cells td { display: block; padding: 0; border: none; text-align: left; }
  .cells .metric { grid-column: 1 / 3; }
  .cells tr.red > .metric, .cells tr.amber > .metric { box-shadow: none; }
  .cells .health { grid-column: 3; grid-row: 1; text-align: right; }
  .cells .number { text-align: left; }
  .cells .number::before { content: attr(data-label); display: block; font-size: 12px; font-weight: 400; color: var(--sl-color-neutral-600); }
  .cells .advice { grid-column: 1 / -1; min-width: 0; }
}
`;
