/** Styles of <garage-wecom-contact>, inside its shadow root: made for the 360 px sidebar, fine wider. */
import { tagChipStyles } from '../core/ui/tag-chips';

export const wecomContactStyles = `
:host { font-size: 14px !important; }
* { box-sizing: border-box; }
.contact { display: flex; flex-direction: column; gap: 10px; container: wecom-contact / inline-size; max-width: 560px; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.card { display: flex; flex-direction: column; gap: 8px; padding: 12px 14px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.card p { margin: 0; }
h3 { margin: 0; font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-700); }
.state { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 40px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
.spinner { width: 22px; height: 22px; border-radius: 50%; border: 3px solid var(--sl-color-neutral-200); border-top-color: var(--sl-color-primary-600);
  animation: spin 0.9s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
.name-line { display: flex; align-items: center; flex-wrap: wrap; gap: 6px 8px; }
.name { font-size: 17px; color: var(--sl-color-neutral-900); }
.name .muted { font-size: 13px; font-weight: 400; }
.stage, .level { font-size: 12px; padding: 0 8px; line-height: 20px; border-radius: 10px; background: var(--sl-color-neutral-100); white-space: nowrap; }
.level { background: var(--sl-color-amber-50); color: var(--sl-color-amber-800); }
.stage-new { background: var(--sl-color-sky-100); color: var(--sl-color-sky-800); }
.stage-active { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.stage-sleeping { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.stage-lost { background: var(--sl-color-neutral-200); color: var(--sl-color-neutral-700); }
.phone-line { display: flex; align-items: center; gap: 4px; min-height: 28px; font-size: 15px; }
.facts { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 12px; }
${tagChipStyles.trim()}
.plates { display: flex; flex-wrap: wrap; gap: 6px; }
.plate-choice { font: inherit; font-size: 13px; padding: 2px 10px; border-radius: 4px; cursor: pointer;
  border: 1px solid var(--sl-color-neutral-300); background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-700); }
.plate-choice.chosen { border-color: var(--sl-color-primary-600); background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); font-weight: 600; }
.plate-choice:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.plate { display: inline-block; padding: 1px 7px; border-radius: 3px; background: #1e40af; color: #fff; font-size: 12px; letter-spacing: 0.5px; white-space: nowrap; }
.plate.green { background: linear-gradient(180deg, #f0fdf4, #86efac); color: #14532d; }
dl { margin: 0; display: flex; flex-direction: column; gap: 6px; }
.fact { display: flex; gap: 8px; align-items: center; min-height: 26px; }
dt { flex: 0 0 76px; color: var(--sl-color-neutral-600); font-size: 13px; }
dd { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; min-width: 0; flex: 1; }
.due { font-size: 12px; color: var(--sl-color-neutral-600); white-space: nowrap; }
.due.warn, .warn { color: var(--sl-color-danger-700); }
.overdue { white-space: nowrap; font-size: 12px; padding: 0 6px; border-radius: 3px; background: var(--sl-color-danger-50); color: var(--sl-color-danger-700); }
.quote { margin-left: auto; }
.timeline-card { padding: 8px 6px; }
.field::part(form-control-label) { font-size: 13px; color: var(--sl-color-neutral-700); margin-bottom: 4px; }
.sms-preview { padding: 8px 10px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-50); display: flex; flex-direction: column; gap: 4px; }
.sms-text { white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.5; }
.sms sl-button { align-self: flex-end; }
.error { margin: 0; color: var(--sl-color-danger-700); font-size: 13px; }
.notice { margin: 0; padding: 6px 10px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); font-size: 13px; }
.avatar { width: 32px; height: 32px; border-radius: 6px; object-fit: cover; flex: none; }
.avatar.initial { display: inline-flex; align-items: center; justify-content: center; background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); font-weight: 600; }
.matches { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; }
.matches li { display: flex; align-items: center; gap: 8px; padding: 8px 0; border-bottom: 1px dashed var(--sl-color-neutral-200); }
.match-who { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
form sl-input::part(form-control-label) { font-size: 13px; }
.binding { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 0 4px; }
.binding .confirm { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.quote-panel { display: flex; flex-direction: column; gap: 8px; }
.panel-head { display: flex; align-items: center; gap: 6px; }
`;
