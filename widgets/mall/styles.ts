import { DEMO_BADGE_CSS } from '../core/ui/demo-badge';

/**
 * Styles of <garage-mall>, inside its shadow root. Everything follows the element's own width
 * (container queries): price cards side by side from 720 px, one under another below; the feature
 * matrix keeps its three edition columns down to 360 px; product pages put the preview beside the
 * text from 760 px.
 */
export const mallStyles = `${DEMO_BADGE_CSS}
/* The container is .mall, not :host: a partner page's "*{all:unset!important}" reaches the host and would unset it. */
:host { font-size: 14px !important; }
.mall { display: flex; flex-direction: column; gap: 20px; max-width: 1160px; line-height: 1.6; container: mall / inline-size; }
h2 { margin: 0 0 4px; font-size: 20px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
p { margin: 0; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.centre { text-align: center; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.panel { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: 12px; padding: 18px 20px; }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: 12px; }
.note { padding: 10px 14px; border-radius: 8px; background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.note.warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.note.danger { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); }
.head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; }
.head > div { flex: 1 1 320px; }
.chip { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12px; line-height: 20px; white-space: nowrap;
  background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
.chip.pending { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.chip.paid { background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); }
.chip.fulfilled, .chip.active { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.chip.refunded, .chip.grace { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.chip.locked { background: var(--sl-color-danger-100); color: var(--sl-color-danger-800); }
.price { font-size: 28px; font-weight: 700; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; white-space: nowrap; }
.price small { font-size: 13px; font-weight: 400; color: var(--sl-color-neutral-600); margin-left: 2px; }

/* 价格商城 */
.editions { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; }
.edition { position: relative; display: flex; flex-direction: column; gap: 10px; padding: 22px 20px 20px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: 14px; }
.edition.current { border: 2px solid var(--sl-color-primary-600); box-shadow: 0 6px 18px rgb(2 132 199 / 12%); padding: 21px 19px 19px; }
.edition .badge { position: absolute; top: -11px; left: 18px; padding: 0 10px; border-radius: 999px; font-size: 12px; line-height: 22px;
  background: var(--sl-color-primary-700); color: #fff; }
.edition .badge.recommended { background: var(--sl-color-warning-700); }
.edition h3 { margin: 0; font-size: 18px; }
.edition .slogan { color: var(--sl-color-neutral-600); min-height: 44px; }
.edition .total { color: var(--sl-color-neutral-700); }
.edition ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.edition li { display: flex; gap: 6px; align-items: baseline; }
.edition li::before { content: '✓'; color: var(--sl-color-success-700); font-weight: 700; }
.edition .action { margin-top: auto; display: flex; flex-direction: column; gap: 6px; }
.edition .action sl-button { width: 100%; }
.pro-rate { padding: 8px 10px; border-radius: 8px; background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); font-size: 13px; }
.matrix { width: 100%; border-collapse: collapse !important; table-layout: fixed; background: var(--sl-color-neutral-0); font-size: 13px; }
.matrix-wrap { border: 1px solid var(--sl-color-neutral-200); border-radius: 12px; overflow: hidden; }
.matrix th, .matrix td { padding: 9px 12px; border-top: 1px solid var(--sl-color-neutral-100); text-align: center; vertical-align: middle; overflow-wrap: anywhere; }
.matrix thead th { border-top: none; background: var(--sl-color-neutral-50); font-weight: 600; color: var(--sl-color-neutral-800); }
.matrix thead th.current, .matrix td.current { background: var(--sl-color-primary-50); }
.matrix thead th:first-child { text-align: left; }
.matrix tbody th { text-align: left; font-weight: 400; color: var(--sl-color-neutral-800); }
.matrix .group th { background: var(--sl-color-neutral-50); font-weight: 600; color: var(--sl-color-neutral-600); font-size: 12px; padding: 6px 12px; }
.matrix .feature-col { width: 34%; }
.yes { color: var(--sl-color-success-700); font-weight: 700; }
.no { color: var(--sl-color-neutral-400); }
@container mall (max-width: 720px) {
  .editions { grid-template-columns: 1fr; gap: 20px; }
  .edition .slogan { min-height: 0; }
}
@container mall (max-width: 480px) {
  .matrix th, .matrix td { padding: 8px 6px; font-size: 12px; }
  .matrix .feature-col { width: 36%; }
  .panel { padding: 14px; }
}

/* 项目商城 product pages */
a.link { color: var(--sl-color-primary-700); text-decoration: none; white-space: nowrap; }
a.link:hover, a.link:focus-visible { text-decoration: underline; }
.product { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 20px; align-items: stretch; }
.about { display: flex; flex-direction: column; gap: 10px; }
.about h3 { margin: 0; }
.about h4 { margin: 6px 0 0; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-900); }
.shot { margin: 0; display: flex; flex-direction: column; gap: 8px; padding: 16px; border-radius: 12px; border: 1px solid var(--sl-color-neutral-200);
  background: linear-gradient(150deg, #e0f2fe 0%, #f8fafc 55%, #fef3c7 100%); }
.shot .preview { flex: 1 1 auto; justify-content: center; }
.shot figcaption { text-align: center; }
.gets { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.gets li { display: flex; gap: 8px; align-items: baseline; }
.gets li::before { content: '✓'; color: var(--sl-color-success-700); font-weight: 700; }
.holding { display: flex; flex-wrap: wrap; gap: 10px 40px; align-items: center; }
.holding h3 { margin: 0; flex: 0 0 auto; }
.holding > div { display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }
.holding .figure-big { font-size: 24px; font-weight: 700; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.holding .label { font-size: 13px; color: var(--sl-color-neutral-600); }
.holding a.link { margin-left: auto; }
.packages { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 14px; }
.package { display: flex; flex-direction: column; gap: 8px; padding: 18px; border: 1px solid var(--sl-color-neutral-200); border-radius: 12px; background: var(--sl-color-neutral-0); }
.package h4 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
.package sl-button { margin-top: auto; }
.package.wide { grid-column: span 2; }
.package.wide .years { margin: 4px 0; }
.buy-note { font-size: 12px; color: var(--sl-color-neutral-600); }
@container mall (max-width: 760px) { .product { grid-template-columns: 1fr; } }
@container mall (max-width: 520px) {
  .packages { grid-template-columns: 1fr; }
  .package.wide { grid-column: auto; }
  .package .price { font-size: 24px; }
  .holding a.link { margin-left: 0; }
}

/* Previews: pictures drawn in HTML/SVG */
.preview { border-radius: 14px; border: 1px solid var(--sl-color-neutral-200); background: #fff; padding: 18px; box-shadow: 0 8px 24px rgb(15 23 42 / 8%);
  display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.phone-frame { max-width: 340px; margin: 0 auto; width: 100%; border: 8px solid #1f2937; border-radius: 28px; background: #f3f4f6; }
.phone-top { display: flex; justify-content: space-between; font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); }
.bubble { padding: 10px 12px; border-radius: 14px; background: #fff; font-size: 13px; color: var(--sl-color-neutral-800); box-shadow: 0 1px 2px rgb(0 0 0 / 6%); }
.call-frame .call-card { display: flex; align-items: center; gap: 10px; padding: 12px; border-radius: 12px; background: var(--sl-color-neutral-50); }
.avatar { flex: none; display: grid; place-items: center; width: 40px; height: 40px; border-radius: 50%; background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); font-weight: 700; }
.timer { margin-left: auto; font: 600 18px/1 ui-monospace, Menlo, monospace; color: var(--sl-color-success-700); }
.call-bar { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-radius: 999px; background: #0f172a; color: #e2e8f0; font-size: 13px; }
.call-bar .dot { width: 8px; height: 8px; border-radius: 50%; background: #22c55e; }
.call-bar .hang { margin-left: auto; padding: 2px 12px; border-radius: 999px; background: #dc2626; color: #fff; }
.call-log { list-style: none; margin: 0; padding: 0; font-size: 12px; color: var(--sl-color-neutral-700); display: flex; flex-direction: column; gap: 4px; }
.wecom-frame { flex-direction: row; gap: 10px; background: #f5f5f5; }
.wecom-frame .chat { flex: 1 1 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.bubble.right { background: #95ec69; align-self: flex-end; }
.bubble.left { align-self: flex-start; }
.wecom-frame .side { flex: 0 0 42%; display: flex; flex-direction: column; gap: 4px; padding: 10px; border-radius: 10px; background: #fff; border-left: 3px solid #2f7cf6; min-width: 0; }
.plate { align-self: flex-start; padding: 0 6px; border-radius: 4px; background: #1d4ed8; color: #fff; font-size: 12px; font-weight: 600; }
.chart-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.chart-frame svg { width: 100%; height: 110px; }
.bar { fill: var(--sl-color-primary-200); }
.bar.hot { fill: var(--sl-color-warning-500); }
.axis { stroke: var(--sl-color-neutral-300); stroke-width: 1; }
.legend { display: flex; align-items: center; gap: 6px; color: var(--sl-color-neutral-600); }
.key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; background: var(--sl-color-primary-200); margin-left: 8px; }
.key.hot { background: var(--sl-color-warning-500); margin-left: 0; }
.share, .stage { display: grid; grid-template-columns: 56px 1fr 48px; align-items: center; gap: 8px; }
.meter { height: 10px; border-radius: 999px; background: var(--sl-color-neutral-100); overflow: hidden; }
.meter > span { display: block; height: 100%; border-radius: 999px; background: var(--sl-color-primary-500); }
.meter .new { background: #38bdf8; } .meter .active { background: #22c55e; } .meter .sleep { background: #f59e0b; } .meter .lost { background: #ef4444; }
.shares, .stages { display: flex; flex-direction: column; gap: 8px; }
.tip { padding: 6px 10px; border-radius: 8px; background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
@container mall (max-width: 420px) { .wecom-frame { flex-direction: column; } }

/* 续费套餐 */
.overview { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 16px; }
.facts { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; margin: 10px 0 14px; }
.facts .label { display: block; font-size: 12px; color: var(--sl-color-neutral-600); }
.facts strong { font-size: 18px; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; }
.years { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 12px; }
.year { flex: 1 1 72px; display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 10px 8px; border: 1px solid var(--sl-color-neutral-300);
  border-radius: 10px; background: var(--sl-color-neutral-0); cursor: pointer; font: inherit; color: inherit; }
.year[aria-pressed='true'] { border: 2px solid var(--sl-color-primary-600); padding: 9px 7px; background: var(--sl-color-primary-50); }
.year strong { font-size: 15px; }
.renew-total { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; margin-bottom: 4px; }
[data-edition-panel] .links { margin-top: 14px; }
.addons { list-style: none; margin: 0; padding: 0; }
.addons li { display: grid; grid-template-columns: minmax(0, 1fr) auto 72px 96px; align-items: center; gap: 6px 12px; padding: 9px 0; border-top: 1px solid var(--sl-color-neutral-100); }
.addons li:first-child { border-top: none; }
.addons li > :last-child { justify-self: end; }
.addons .chip { justify-self: start; }
.addons.balances li { grid-template-columns: minmax(0, 1fr) auto 96px; }
.addons .name { font-weight: 500; color: var(--sl-color-neutral-900); }
.ledgers-title { margin-top: 18px !important; }
.renew-title { margin-top: 14px !important; }
.links { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; margin-top: 10px; flex-wrap: wrap; }
@container mall (max-width: 480px) {
  .addons li { grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: 'name chip' 'until act'; }
  .addons .name { grid-area: name; } .addons .until { grid-area: until; } .addons .chip { grid-area: chip; justify-self: end; } .addons .act { grid-area: act; }
  .addons.balances li { grid-template-columns: minmax(0, 1fr) auto auto; grid-template-areas: none; }
  .addons.balances li > * { grid-area: auto; }
}
.orders { list-style: none; margin: 0; padding: 0; }
.order, .orders .titles { display: grid; grid-template-columns: 160px minmax(0, 1.6fr) 110px 90px minmax(150px, auto); gap: 12px; align-items: center;
  padding: 10px 0; border-top: 1px solid var(--sl-color-neutral-100); }
.orders .titles { border-top: none; font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-600); padding-top: 0; }
.order .what strong { display: block; font-weight: 500; color: var(--sl-color-neutral-900); }
.order .actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 0 4px; }
.order .actions > span { padding: 0 12px; }
.order .amount { text-align: right; }
@container mall (max-width: 860px) { .overview { grid-template-columns: 1fr; } }
@container mall (max-width: 640px) {
  .orders .titles { display: none; }
  .order { grid-template-columns: 1fr auto; grid-template-areas: 'what amount' 'when status' 'actions actions'; gap: 4px 8px; }
  .order .what { grid-area: what; } .order .amount { grid-area: amount; } .order .when { grid-area: when; } .order .status { grid-area: status; justify-self: end; }
  .order .actions { grid-area: actions; justify-content: flex-start; margin-left: -12px; }
}
@container mall (max-width: 480px) { .facts { grid-template-columns: 1fr 1fr; } }

/* Checkout and invoice dialogs */
.form { display: flex; flex-direction: column; gap: 14px; }
.summary { display: flex; flex-direction: column; gap: 6px; padding: 12px 14px; border-radius: 10px; background: var(--sl-color-neutral-50); }
.summary .line { display: flex; justify-content: space-between; gap: 12px; }
.summary .line span:first-child { min-width: 0; }
.summary .total { padding-top: 6px; border-top: 1px dashed var(--sl-color-neutral-300); font-weight: 600; }
.summary .total .figure { font-size: 18px; color: var(--sl-color-danger-700); }
.channels { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.channel { display: flex; align-items: center; justify-content: center; gap: 8px; padding: 12px 8px; border: 1px solid var(--sl-color-neutral-300); border-radius: 10px;
  background: var(--sl-color-neutral-0); cursor: pointer; font: inherit; color: var(--sl-color-neutral-800); }
.channel[aria-pressed='true'] { border: 2px solid var(--sl-color-primary-600); padding: 11px 7px; background: var(--sl-color-primary-50); }
.channel .logo { display: inline-grid; place-items: center; width: 22px; height: 22px; border-radius: 6px; color: #fff; font-size: 12px; font-weight: 700; }
.logo.wechat { background: #07c160; } .logo.alipay { background: #1677ff; }
.qr { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; }
.qr .code { width: 200px; height: 200px; padding: 8px; background: #fff; border: 1px solid var(--sl-color-neutral-200); border-radius: 8px; }
.qr .code svg { display: block; width: 100%; height: 100%; }
.waiting { display: flex; align-items: center; gap: 8px; color: var(--sl-color-neutral-700); }
.done { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; }
.done .tick { display: grid; place-items: center; width: 56px; height: 56px; border-radius: 50%; background: var(--sl-color-success-100); color: var(--sl-color-success-700); font-size: 30px; font-weight: 700; }
.done h4 { margin: 0; font-size: 18px; color: var(--sl-color-neutral-900); }
.dev { display: flex; flex-direction: column; gap: 6px; padding: 10px 12px; border-radius: 8px; border: 1px dashed var(--sl-color-warning-400); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); font-size: 12px; }
.kinds::part(form-control-input) { display: flex; flex-wrap: wrap; gap: 6px 16px; }
.error { color: var(--sl-color-danger-700); font-size: 12px; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.dialog-actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; }
`;
