import { DEMO_BADGE_CSS } from '../core/ui/demo-badge';

/**
 * Styles of <garage-sms-marketing>, inside its shadow root. Below 720 px of its own width the
 * composer's preview moves under the editor and lists become cards; at 360 px (the WeCom sidebar)
 * everything is one column.
 */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const smsMarketingStyles = `${DEMO_BADGE_CSS}${DATE_FIELD_CSS}
.sms, .state { font-size: 14px; line-height: 1.6; }
.sms { display: flex; flex-direction: column; gap: 14px; container: sms-marketing / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.head p { margin: 0; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
.tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--sl-color-neutral-200); overflow-x: auto; }
.tab { font: inherit; font-size: 14px; padding: 8px 14px; border: 0; border-bottom: 2px solid transparent; background: none; cursor: pointer;
  color: var(--sl-color-neutral-700); white-space: nowrap; margin-bottom: -1px; }
.tab[aria-selected='true'] { color: var(--sl-color-primary-700); border-bottom-color: var(--sl-color-primary-600); font-weight: 600; }
.tab:focus-visible, .chip:focus-visible, .var:focus-visible, .link:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.card p { margin: 0; }
.card { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: 14px 16px;
  display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 36px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.chip { display: inline-flex; align-items: center; gap: 6px; height: 28px; padding: 0 12px; border-radius: 14px; cursor: pointer;
  font: inherit; font-size: 13px; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-300); }
.chip:hover { border-color: var(--sl-color-primary-400); color: var(--sl-color-primary-700); }
.chip[aria-pressed='true'] { color: var(--sl-color-primary-700); background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-500); font-weight: 600; }
.link { font: inherit; color: var(--sl-color-primary-700); background: none; border: 0; padding: 0; cursor: pointer; text-decoration: underline; }
.problem { color: var(--sl-color-danger-700); font-size: 13px; margin: 0; }
.note { margin: 0; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); font-size: 13px; }
.note.warn { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); border: 1px solid var(--sl-color-warning-200); }
.note.info { background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); border: 1px solid var(--sl-color-primary-100); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.send-at { display: flex; flex-wrap: wrap; gap: 10px 14px; }
.send-at > * { flex: 1 1 150px; max-width: 220px; }
label.field { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: var(--sl-color-neutral-800); }
/* Shoelace's select and field labels read like the form's own captions. */
sl-select.field::part(form-control-label), .send-at sl-input::part(form-control-label) { font-size: 13px; color: var(--sl-color-neutral-800); margin-bottom: 4px; }
.source-filter { flex: 0 1 180px; }
input.native, textarea { font: inherit; font-size: 14px; color: var(--sl-color-neutral-900); background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium); padding: 6px 10px; min-width: 0; box-sizing: border-box; }
input.native[readonly] { color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-style: dashed; }
input.native:focus, textarea:focus { outline: 2px solid var(--sl-color-primary-300); border-color: var(--sl-color-primary-500); }
textarea { width: 100%; min-height: 120px; resize: vertical; line-height: 1.6; }

/* 发送短信 */
.composer { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(260px, 1fr); gap: 14px; align-items: start; }
.composer .column { display: flex; flex-direction: column; gap: 14px; min-width: 0; }
.sources { display: flex; flex-wrap: wrap; gap: 6px; }
.audience { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 13px; }
.audience strong { color: var(--sl-color-neutral-900); }
.audience .removed { color: var(--sl-color-warning-800); }
.templates-pick { display: flex; flex-direction: column; gap: 6px; max-height: 180px; overflow-y: auto; margin: 0; padding: 0; list-style: none; }
.templates-pick button { width: 100%; text-align: left; font: inherit; font-size: 13px; padding: 6px 10px; cursor: pointer;
  background: var(--sl-color-neutral-50); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); color: var(--sl-color-neutral-800); }
.templates-pick button[aria-pressed='true'] { border-color: var(--sl-color-primary-500); background: var(--sl-color-primary-50); }
.templates-pick button strong { display: flex; align-items: center; gap: 6px; color: var(--sl-color-neutral-900); }
.templates-pick button > span { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--sl-color-neutral-600); }
.vars { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.var { font: inherit; font-size: 12px; padding: 2px 10px; border-radius: 12px; cursor: pointer; border: 1px dashed var(--sl-color-primary-400);
  background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.counter { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; font-size: 13px; }
.counter .count { font-weight: 600; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.counter .count.over { color: var(--sl-color-danger-700); }
.phone { background: var(--sl-color-neutral-100); border-radius: 16px; padding: 14px; display: flex; flex-direction: column; gap: 8px; }
.bubble { background: var(--sl-color-neutral-0); border-radius: 4px 14px 14px 14px; padding: 10px 12px; white-space: pre-wrap; word-break: break-all;
  color: var(--sl-color-neutral-900); box-shadow: 0 1px 2px rgb(0 0 0 / 0.08); }
.bubble .sig { color: var(--sl-color-primary-700); }
.bubble .optout { color: var(--sl-color-neutral-600); }
.bubble.empty { color: var(--sl-color-neutral-600); }
.sums { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0; font-size: 13px; }
.sums dt { color: var(--sl-color-neutral-700); }
.sums dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; color: var(--sl-color-neutral-900); }
.sums dd.short { color: var(--sl-color-danger-700); }
.when { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.send-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.send-row sl-button { flex: 1 1 auto; }

/* 短信模板 */
.signature-row { display: flex; gap: 8px; align-items: flex-end; flex-wrap: wrap; }
.signature-row label { flex: 1 1 220px; }
.signature-row label.limit { flex: 0 1 260px; }
.list { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.list > li { border-top: 1px solid var(--sl-color-neutral-100); padding: 10px 14px; }
.list > li:first-child { border-top: 0; }
.tpl { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 4px 12px; align-items: start; }
.tpl .name { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; font-weight: 600; color: var(--sl-color-neutral-900); }
.tpl .text { grid-column: 1 / 2; margin: 0; color: var(--sl-color-neutral-700); font-size: 13px; white-space: pre-wrap; word-break: break-all; }
.tpl .meta { grid-column: 1 / 2; display: flex; gap: 6px 12px; flex-wrap: wrap; font-size: 12px; color: var(--sl-color-neutral-600); }
.tpl .actions { grid-row: 1 / span 3; grid-column: 2; display: flex; flex-direction: column; align-items: flex-end; }
.toolbar { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; }

/* 发送记录 */
.campaign { display: grid; grid-template-columns: minmax(160px, 1.4fr) 90px minmax(160px, 1.2fr) 130px minmax(140px, auto); gap: 12px; align-items: center; }
.campaign.titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-large) var(--sl-border-radius-large) 0 0; }
.campaign .who { display: flex; flex-direction: column; min-width: 0; }
.campaign .who strong { color: var(--sl-color-neutral-900); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bar { height: 8px; border-radius: 4px; background: var(--sl-color-neutral-200); overflow: hidden; display: flex; }
.bar span { display: block; height: 100%; }
.bar .ok { background: var(--sl-color-success-600); }
.bar .sent { background: var(--sl-color-primary-500); }
.bar .bad { background: var(--sl-color-danger-600); }
.progress { display: flex; flex-direction: column; gap: 2px; font-size: 12px; }
.actions { display: flex; justify-content: flex-end; flex-wrap: wrap; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.label { display: none; color: var(--sl-color-neutral-600); }
.detail-head { display: flex; align-items: flex-start; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
.detail-head > div { flex: 1 1 260px; }
.recipient { display: grid; grid-template-columns: minmax(100px, 1fr) 120px 80px minmax(120px, 1.2fr) 140px; gap: 10px; align-items: center; font-size: 13px; }
.recipient.titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); }
.owner { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; font-weight: 400; white-space: nowrap; border: 1px solid var(--sl-color-neutral-300); color: var(--sl-color-neutral-700); }
.owner[data-owner='chain'] { border-color: var(--sl-color-primary-300); color: var(--sl-color-primary-800); background: var(--sl-color-primary-50); }
.tpl .locked { padding: 6px 12px; white-space: nowrap; }
.st { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; white-space: nowrap; }
.st[data-state='queued'], .st[data-state='scheduled'] { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.st[data-state='submitting'], .st[data-state='submitted'], .st[data-state='running'], .st[data-state='sending'] { background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.st[data-state='delivered'], .st[data-state='done'], .st[data-state='finished'] { background: var(--sl-color-success-50); color: var(--sl-color-success-800); }
.st[data-state='failed'], .st[data-state='cancelled'] { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); }
.st[data-state='paused'], .st[data-state='skipped'], .st[data-state='optedOut'] { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.reason { color: var(--sl-color-danger-700); }
.figures { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 10px; margin: 0; }
.figures div { background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-medium); padding: 10px 12px; }
.figures dt { font-size: 12px; color: var(--sl-color-neutral-700); }
.figures dd { margin: 0; font-size: 20px; font-weight: 600; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.figures dd small { font-size: 12px; font-weight: 400; color: var(--sl-color-neutral-600); margin-left: 4px; }
.chart { width: 100%; height: 260px; }

/* 退订名单 / 授权来源 */
.compliance { display: flex; flex-direction: column; gap: 12px; }
.filters { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; flex: 1 1 auto; min-width: 0; }
input.search { flex: 0 1 260px; }
label.field.inline { flex-direction: row; }
.optout { display: grid; grid-template-columns: minmax(140px, 1fr) 110px minmax(140px, 1.4fr) 170px 110px; gap: 10px; align-items: center; font-size: 13px; }
.consent { display: grid; grid-template-columns: minmax(160px, 1.2fr) 150px minmax(140px, 1fr) 70px; gap: 10px; align-items: center; font-size: 13px; }
.optout.titles, .consent.titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-large) var(--sl-border-radius-large) 0 0; }
.optout .who, .consent .who { display: flex; flex-direction: column; min-width: 0; }
.optout .who strong, .consent .who strong { color: var(--sl-color-neutral-900); }
.optout .why { color: var(--sl-color-neutral-800); word-break: break-all; }

@container sms-marketing (max-width: 720px) {
  .optout.titles, .consent.titles { display: none; }
  .optout { grid-template-columns: 1fr auto; grid-template-areas: 'who src' 'why why' 'at actions'; gap: 4px 8px; }
  .optout .who { grid-area: who; } .optout .src { grid-area: src; justify-self: end; } .optout .why { grid-area: why; }
  .optout .at { grid-area: at; } .optout .actions { grid-area: actions; }
  .consent { grid-template-columns: 1fr auto; grid-template-areas: 'who flag' 'source at'; gap: 4px 8px; }
  .consent .who { grid-area: who; } .consent .flag { grid-area: flag; justify-self: end; } .consent label { grid-area: source; } .consent .at { grid-area: at; justify-self: end; }
  input.search { flex: 1 1 100%; }
  .composer { grid-template-columns: minmax(0, 1fr); }
  .campaign.titles, .recipient.titles { display: none; }
  .campaign { grid-template-columns: 1fr auto; grid-template-areas: 'who state' 'progress progress' 'when when' 'actions actions'; gap: 6px 8px; }
  .campaign .who { grid-area: who; } .campaign .cstate { grid-area: state; justify-self: end; } .campaign .progress { grid-area: progress; }
  .campaign .when { grid-area: when; font-size: 12px; } .campaign .actions { grid-area: actions; justify-content: flex-start; margin-left: -12px; }
  .recipient { grid-template-columns: 1fr auto; grid-template-areas: 'who state' 'mobile at' 'reason reason'; gap: 2px 8px; }
  .recipient .who { grid-area: who; } .recipient .rstate { grid-area: state; justify-self: end; } .recipient .mobile { grid-area: mobile; }
  .recipient .at { grid-area: at; justify-self: end; font-size: 12px; } .recipient .reason { grid-area: reason; }
  .figures { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .label { display: inline; }
}
@container sms-marketing (max-width: 420px) {
  .tpl { grid-template-columns: minmax(0, 1fr); }
  .tpl .actions { grid-row: auto; grid-column: 1; flex-direction: row; justify-content: flex-start; margin-left: -12px; }
  /* Five tabs do not fit 360 px: they wrap to a second line rather than scroll out of sight. */
  .tabs { flex-wrap: wrap; overflow-x: visible; }
  .tab { padding: 8px 10px; }
  .card { padding: 12px; }
}
`;
