/**
 * Shadow-root styles. The bar uses Shoelace's design tokens (with their default values as
 * fallbacks) instead of Shoelace components: one sl-button alone brings ~18 KB gzip of Lit and
 * styles, more than the bar's whole first-render budget (docs/DECISIONS.md). Its shadow root has
 * no Shoelace theme either (core/base.ts define()), so every token needs its fallback here.
 */
import { DEMO_BADGE_CSS } from '../core/ui/demo-badge';

export const phoneBarStyles = `${DEMO_BADGE_CSS}
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
:host {
  font-size: 14px !important;
  color: var(--sl-color-neutral-700, #3f3f46) !important;
  --phone-primary: var(--sl-color-primary-600, #0284c7);
  --phone-primary-hover: var(--sl-color-primary-700, #0369a1);
  --phone-danger: var(--sl-color-danger-600, #dc2626);
  --phone-danger-hover: var(--sl-color-danger-700, #b91c1c);
  --phone-success: var(--sl-color-success-600, #16a34a);
  --phone-warning: var(--sl-color-warning-600, #d97706);
  --phone-border: var(--sl-color-neutral-200, #e4e4e7);
  --phone-muted: var(--sl-color-neutral-500, #71717a);
  --phone-radius: var(--sl-border-radius-medium, 6px);
}
* { box-sizing: border-box; }
.bar {
  display: flex; align-items: center; gap: 10px; flex-wrap: wrap;
  padding: 8px 12px; min-height: 48px;
  background: var(--sl-color-neutral-0, #fff);
  border: 1px solid var(--phone-border); border-radius: var(--sl-border-radius-large, 8px);
  box-shadow: var(--sl-shadow-small, 0 1px 2px rgb(0 0 0 / 8%));
}
.line { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; font-weight: 600; }
.dot { width: 8px; height: 8px; border-radius: 50%; background: var(--phone-muted); flex: none; }
.dot.online { background: var(--phone-success); box-shadow: 0 0 0 3px color-mix(in srgb, var(--phone-success) 20%, transparent); }
.dot.failed { background: var(--phone-danger); }
.dot.pending { background: var(--phone-warning); animation: pulse 1.2s ease-in-out infinite; }
.balance { color: var(--phone-muted); font-size: 12px; white-space: nowrap; }
.balance.empty { color: var(--phone-danger); }
form { display: flex; gap: 6px; margin-left: auto; flex: 1 1 240px; max-width: 360px; }
input {
  flex: 1; min-width: 0; height: 32px; padding: 0 10px; font: inherit; color: inherit;
  border: 1px solid var(--sl-color-neutral-300, #d4d4d8); border-radius: var(--phone-radius); background: #fff;
  transition: border-color .15s, box-shadow .15s;
}
input:focus { outline: none; border-color: var(--phone-primary); box-shadow: 0 0 0 3px color-mix(in srgb, var(--phone-primary) 25%, transparent); }
button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  height: 32px; padding: 0 14px; font: inherit; font-weight: 600; color: #fff; cursor: pointer;
  border: none; border-radius: var(--phone-radius); background: var(--phone-primary); white-space: nowrap;
  transition: background .15s;
}
button:hover:not(:disabled) { background: var(--phone-primary-hover); }
button:disabled { opacity: .5; cursor: not-allowed; }
button.hang-up { background: var(--phone-danger); }
button.hang-up:hover { background: var(--phone-danger-hover); }
button.dismiss { background: transparent; color: inherit; height: 20px; padding: 0 4px; font-weight: 400; opacity: .7; }
button.dismiss:hover:not(:disabled) { background: transparent; opacity: 1; }
svg { width: 16px; height: 16px; flex: none; }
.disabled { color: var(--phone-muted); }
/* The reason takes the rest of the line beside the icon, also in a 360 px sidebar. */
.disabled .reason { flex: 1 1 0; min-width: 0; }
.disabled svg { color: var(--phone-muted); }
/* Folded: a round button; the page's dock shrinks to it. */
.bar.folded { padding: 0; min-height: 0; border: none; background: none; box-shadow: none; justify-content: flex-end; }
button.unfold {
  position: relative; width: 44px; height: 44px; padding: 0; border-radius: 50%;
  background: var(--sl-color-neutral-0, #fff); color: var(--phone-muted);
  border: 1px solid var(--phone-border); box-shadow: var(--sl-shadow-medium, 0 2px 4px rgb(0 0 0 / 10%));
}
button.unfold:hover:not(:disabled) { background: var(--sl-color-neutral-50, #fafafa); color: var(--sl-color-neutral-700, #3f3f46); }
button.unfold svg { width: 20px; height: 20px; }
/* A slash across the receiver: no line. */
button.unfold::after { content: ''; position: absolute; width: 26px; height: 2px; background: currentColor; transform: rotate(-45deg); border-radius: 1px; box-shadow: 0 0 0 1.5px var(--sl-color-neutral-0, #fff); }
button:focus-visible { outline: 2px solid var(--phone-primary); outline-offset: 2px; }
.call {
  /* On a phone (360 px) the hang-up button wraps to its own line rather than off the screen. */
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; width: 100%;
  padding: 6px 8px 6px 12px; border-radius: var(--phone-radius);
  background: color-mix(in srgb, var(--phone-primary) 8%, #fff);
  border: 1px solid color-mix(in srgb, var(--phone-primary) 30%, #fff);
}
.call.connected { background: color-mix(in srgb, var(--phone-success) 8%, #fff); border-color: color-mix(in srgb, var(--phone-success) 35%, #fff); }
.call-number { font-weight: 600; font-variant-numeric: tabular-nums; letter-spacing: .02em; }
.call-state { color: var(--phone-muted); white-space: nowrap; }
.call .demo-badge { margin-inline-start: 0; }
.timer { font-variant-numeric: tabular-nums; font-weight: 700; font-size: 16px; color: var(--phone-success); min-width: 3.5em; }
.call .hang-up { margin-left: auto; flex-shrink: 0; }
.notice {
  display: flex; align-items: center; gap: 6px; width: 100%; padding: 6px 10px; font-size: 13px;
  border-radius: var(--phone-radius);
}
.notice.error { color: var(--phone-danger-hover); background: var(--sl-color-danger-50, #fef2f2); }
.notice.info { color: var(--sl-color-neutral-700, #3f3f46); background: var(--sl-color-neutral-50, #fafafa); }
.notice span { flex: 1; }
@keyframes pulse { 50% { opacity: .35; } }
@media (prefers-reduced-motion: reduce) { .dot.pending { animation: none; } }
`;
