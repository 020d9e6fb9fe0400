/**
 * Styles of <garage-maint-timeline>, inside its shadow root. Maintenance is blue, repair and part
 * replacement amber; the future is drawn dashed (not yet real), the past solid.
 */
export const maintTimelineStyles = `
:host {
  --timeline-maintenance: var(--sl-color-primary-600, #2563eb);
  --timeline-maintenance-soft: var(--sl-color-primary-50, #eff6ff);
  --timeline-repair: var(--sl-color-warning-600, #d97706);
  --timeline-repair-soft: var(--sl-color-warning-50, #fffbeb);
  --timeline-line: var(--sl-color-neutral-200, #e5e7eb);
  --timeline-saving: var(--sl-color-success-600, #16a34a);
  font-size: 14px !important;
}
.timeline-widget { display: flex; flex-direction: column; gap: 12px; }
.muted { color: var(--sl-color-neutral-500); }

.widget-head { display: flex; flex-direction: column; gap: 6px; padding-bottom: 10px; border-bottom: 1px solid var(--sl-color-neutral-100); }
.title-row { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; }
h3 { margin: 0; font-size: 16px; font-weight: 600; color: var(--sl-color-neutral-900); }
.vehicle { color: var(--sl-color-neutral-600); font-size: 13px; }
.facts { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: var(--sl-color-neutral-500); }
/* A figure and its unit ("5,300 公里", "¥453.00", a date) are one word: never broken across lines. */
.facts > span, .when, .mileage, .interval, .price-value, .saving, .now-mileage { white-space: nowrap; }
.legend { display: flex; gap: 14px; font-size: 12px; color: var(--sl-color-neutral-600); }
.legend-item { display: inline-flex; align-items: center; gap: 6px; }
.legend-item::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: var(--timeline-maintenance); }
.legend-item.repair::before { background: var(--timeline-repair); }
.legend-item.future::before { background: #fff; border: 2px dashed var(--sl-color-neutral-400); width: 8px; height: 8px; }

.timeline { position: relative; list-style: none; margin: 0; padding: 0 0 0 30px; }
.timeline::before { content: ''; position: absolute; left: 11px; top: 6px; bottom: 6px; width: 2px; background: var(--timeline-line); }
.entry { position: relative; margin: 0 0 12px; }
.dot {
  position: absolute; left: -30px; top: 12px; width: 24px; height: 24px; border-radius: 50%;
  display: grid; place-items: center; font-size: 12px; color: #fff; background: var(--timeline-maintenance);
  box-shadow: 0 0 0 3px #fff;
}
.entry.repair .dot { background: var(--timeline-repair); }
.entry.future .dot { background: #fff; color: var(--timeline-maintenance); border: 2px dashed currentColor; }
.entry.future.repair .dot { color: var(--timeline-repair); }
.entry.next .dot { background: var(--timeline-maintenance); color: #fff; border: 0; box-shadow: 0 0 0 3px #fff, 0 0 0 6px color-mix(in srgb, var(--timeline-maintenance) 25%, transparent); }

.card {
  border: 1px solid var(--sl-color-neutral-200); border-radius: 10px; padding: 10px 14px; background: #fff;
  border-left: 3px solid var(--timeline-maintenance);
}
.entry.repair .card { border-left-color: var(--timeline-repair); }
.entry.future .card { border-style: dashed; border-left-style: solid; background: var(--sl-color-neutral-50, #f9fafb); }
.entry.future.repair .card { background: var(--timeline-repair-soft); }
.entry.next .card {
  border: 1px solid var(--timeline-maintenance); border-left-width: 3px; background: var(--timeline-maintenance-soft);
  box-shadow: 0 4px 14px color-mix(in srgb, var(--timeline-maintenance) 18%, transparent);
}

.card-head { display: flex; align-items: center; flex-wrap: wrap; gap: 6px 8px; }
.badge { padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; line-height: 20px; }
.next-badge { background: var(--timeline-maintenance); color: #fff; }
.last-badge { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.when { margin-left: auto; font-size: 12px; color: var(--sl-color-neutral-600); font-variant-numeric: tabular-nums; }
.when .relative { margin-left: 6px; color: var(--sl-color-neutral-400); }
.when.overdue { color: var(--sl-color-danger-600, #dc2626); font-weight: 600; }

.mileage-row { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; margin-top: 6px; }
.mileage { font-size: 17px; font-weight: 600; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.interval { font-size: 12px; color: var(--sl-color-neutral-500); }

.prices { display: flex; flex-wrap: wrap; align-items: stretch; gap: 8px; margin-top: 8px; }
.price { display: flex; flex-direction: column; min-width: 96px; padding: 4px 10px; border-radius: 8px; background: var(--sl-color-neutral-100); }
.price.ours { background: color-mix(in srgb, var(--timeline-saving) 10%, #fff); }
.price-label { font-size: 11px; color: var(--sl-color-neutral-500); }
.price-value { font-size: 15px; font-weight: 600; font-variant-numeric: tabular-nums; }
.price.s4 .price-value { color: var(--sl-color-neutral-500); text-decoration: line-through; text-decoration-color: var(--sl-color-neutral-400); }
.price.ours .price-value { color: var(--timeline-saving); }
.saving { align-self: center; padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; color: var(--timeline-saving); border: 1px solid color-mix(in srgb, var(--timeline-saving) 40%, transparent); }

.items { margin-top: 8px; font-size: 13px; }
.items-toggle {
  display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 0; border: 0; background: none;
  font: inherit; color: var(--sl-color-neutral-700); cursor: pointer;
}
.items-toggle:hover { color: var(--timeline-maintenance); }
.items-toggle:focus-visible { outline: 2px solid var(--timeline-maintenance); outline-offset: 2px; border-radius: 4px; }
.chevron { transition: transform 150ms ease; font-size: 12px; }
.chevron.open { transform: rotate(90deg); }
.item-list { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 6px 0 0; padding: 0; }
.item-list li { padding: 2px 10px; border-radius: 6px; background: #fff; border: 1px solid var(--sl-color-neutral-200); color: var(--sl-color-neutral-700); }

.now { position: relative; display: flex; align-items: center; gap: 10px; margin: 4px 0 16px; font-size: 12px; }
.now::before {
  content: ''; position: absolute; left: -24px; width: 12px; height: 12px; border-radius: 50%;
  background: var(--sl-color-danger-500, #ef4444); box-shadow: 0 0 0 3px #fff;
}
.now::after { content: ''; flex: 1; height: 1px; background: color-mix(in srgb, var(--sl-color-danger-500, #ef4444) 40%, transparent); order: 3; }
.now-label { font-weight: 600; color: var(--sl-color-danger-600, #dc2626); }
.now-mileage { color: var(--sl-color-neutral-600); font-variant-numeric: tabular-nums; }
.more { margin: 0 0 4px; }
.link-button {
  display: inline-flex; align-items: center; gap: 4px; padding: 4px 10px; border: 1px solid var(--sl-color-neutral-200);
  border-radius: 999px; background: #fff; font: inherit; font-size: 13px; color: var(--timeline-maintenance); cursor: pointer;
}
.link-button:hover { border-color: var(--timeline-maintenance); }
.link-button:focus-visible { outline: 2px solid var(--timeline-maintenance); outline-offset: 2px; }

.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 28px 12px; text-align: center; color: var(--sl-color-neutral-700); }
.state sl-icon { font-size: 28px; color: var(--sl-color-neutral-400); }
.state.error { flex-direction: row; justify-content: center; color: var(--sl-color-danger-700, #b91c1c); }
.state.error sl-icon { font-size: 18px; color: inherit; }
.skeleton { display: flex; flex-direction: column; gap: 16px; padding: 8px 0; }
.skeleton-row { display: flex; gap: 12px; align-items: flex-start; }
.skeleton-dot { width: 24px; height: 24px; --border-radius: 50%; }
.skeleton-lines { flex: 1; display: flex; flex-direction: column; gap: 8px; }
`;
