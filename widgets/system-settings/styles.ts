/** Styles of <garage-system-settings>, inside its shadow root. */
export const systemSettingsStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.settings { display: flex; flex-direction: column; gap: 18px; max-width: 880px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0 0 8px; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-700); }
header p { margin: 0; }
.muted { color: var(--sl-color-neutral-600); }
.note { margin-top: 8px !important; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.rows { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.row { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 14px 16px; border-top: 1px solid var(--sl-color-neutral-100); }
.row:first-child { border-top: none; }
.text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.label { font-weight: 500; color: var(--sl-color-neutral-900); }
.help { font-size: 12px; color: var(--sl-color-neutral-600); }
.page-size { flex: none; }
.page-size::part(form-control-input) { width: 110px; }
/* The select's label stays visible (axe: a select named by its label seen, not only read). */
.page-size::part(form-control) { display: flex; align-items: center; gap: 6px; }
.page-size::part(form-control-label) { margin: 0; font-size: 13px; color: var(--sl-color-neutral-600); white-space: nowrap; }
sl-switch { flex: none; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@container (max-width: 480px) { .row { align-items: flex-start; } }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
.section-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 4px; }
.section-head h3 { margin: 0; }
.section-help { display: block; margin: 0 0 8px; }
.badge { margin-left: 8px; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 400; background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.sync.failed { color: var(--sl-color-danger-700); }
.actions { display: flex; flex: none; gap: 4px; align-items: center; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.form { display: flex; flex-direction: column; gap: 14px; }
.form p { margin: 0; }
@container (max-width: 480px) { .binding { flex-direction: column; align-items: stretch; } .actions { justify-content: flex-end; } }
.badge.warn { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.missing { margin: 4px 0 0; padding-left: 18px; font-size: 12px; color: var(--sl-color-warning-800); }
.warn-text { color: var(--sl-color-warning-800); }
.url { display: block; margin: 2px 0; padding: 4px 8px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-100); font-family: var(--sl-font-mono); font-size: 12px; color: var(--sl-color-neutral-900); overflow-wrap: anywhere; user-select: all; }
.shop-link { font-size: 13px; color: var(--sl-color-primary-700); text-decoration: none; white-space: nowrap; }
.shop-link:hover { text-decoration: underline; }
.progress-line { display: flex; flex-direction: column; gap: 4px; }
.bar { display: block; width: 100%; max-width: 320px; height: 6px; border-radius: 3px; background: var(--sl-color-neutral-200); overflow: hidden; }
.bar > span { display: block; height: 100%; background: var(--sl-color-primary-600); transition: width 0.3s; }
@container (max-width: 480px) { .wecom .row { flex-direction: column; align-items: stretch; } .wecom .actions { justify-content: flex-end; flex-wrap: wrap; } }
.demo-note { padding: 6px 10px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.line { flex-wrap: wrap; padding: 10px 16px; }
.line .actions { margin-left: auto; gap: 8px; }
.line.off .label { color: var(--sl-color-neutral-500); }
.line-state { font-size: 13px; white-space: nowrap; color: var(--sl-color-neutral-500); }
.line-state.on { padding: 1px 8px; border-radius: 999px; background: var(--sl-color-success-100); color: var(--sl-color-success-800); font-variant-numeric: tabular-nums; }
.muted-badge { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
`;
