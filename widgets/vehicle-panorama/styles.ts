/** Styles of <garage-vehicle-panorama>, inside its shadow root. */
import { tagChipStyles } from '../core/ui/tag-chips';

export const vehiclePanoramaStyles = `
/* The widget's own width decides the layout (the WeCom sidebar is 360 px in any window). */
/* A figure and its unit ("300 公里", "¥703.00", a date) are one word: never broken across lines. */
.figure, .money, .visit-date { white-space: nowrap; font-variant-numeric: tabular-nums; }
:host { font-size: 14px !important; }
.panorama { display: flex; flex-direction: column; gap: 14px; container: panorama / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
/* The search names itself with Shoelace's label, kept for screen readers only (the placeholder says it on screen). */
.hidden-label::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.small { font-size: 12px; }
.mono { font-variant-numeric: tabular-nums; letter-spacing: 0.3px; }
.search { position: relative; max-width: 520px; }
.matches { position: absolute; z-index: 10; left: 0; right: 0; top: calc(100% + 4px); margin: 0; padding: 4px; list-style: none;
  background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); box-shadow: var(--sl-shadow-large); }
.matches li { display: flex; align-items: center; gap: 10px; padding: 7px 10px; border-radius: var(--sl-border-radius-small); cursor: pointer; }
.matches li:hover, .matches li:focus-visible { background: var(--sl-color-primary-50); outline: none; }
.matches li.no-match { cursor: default; }
.plate { display: inline-block; padding: 1px 7px; border-radius: 3px; background: #1e40af; color: #fff; font-size: 12px; letter-spacing: 0.5px; }
.plate.green { background: linear-gradient(180deg, #f0fdf4, #86efac); color: #14532d; }
.plate.big { font-size: 20px; padding: 6px 14px; border-radius: 6px; border: 2px solid rgba(255,255,255,0.7); box-shadow: 0 0 0 2px #1e40af; font-weight: 600; }
.plate.big.green { box-shadow: 0 0 0 2px #16a34a; }
.hero { display: flex; align-items: center; gap: 18px; flex-wrap: wrap; padding: 18px 20px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.hero h2 { margin: 0; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.hero p { margin: 2px 0 0; }
.hero-stats { display: flex; flex-wrap: wrap; gap: 12px 28px; margin-left: auto; }
.hero-stats > div { display: flex; flex-direction: column; align-items: flex-end; gap: 2px; font-size: 12px; }
.stat { font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); font-variant-numeric: tabular-nums; white-space: nowrap; }
.stat.warn { color: var(--sl-color-danger-600); }
.nowrap { white-space: nowrap; }
.overdue { white-space: nowrap; font-size: 12px; padding: 0 6px; border-radius: 3px; background: var(--sl-color-danger-50); color: var(--sl-color-danger-700); }
.grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 14px; }
.grid.two { grid-template-columns: 3fr 2fr; }
@container panorama (max-width: 960px) { .grid, .grid.two { grid-template-columns: 1fr; } }
/* Phones: the four figures (money now with its fen) as a 2 × 2 grid instead of one squeezed row. */
@container panorama (max-width: 600px) {
  .hero-stats { display: grid; grid-template-columns: 1fr 1fr; gap: 12px 16px; width: 100%; margin-left: 0; }
  .hero-stats > div { align-items: flex-start; }
}
.card { display: flex; flex-direction: column; gap: 10px; padding: 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.card p { margin: 0; }
.card-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.earlier-policies { margin: 0; padding: 6px 0 0; list-style: none; border-top: 1px dashed var(--sl-color-neutral-200); font-size: 12px; color: var(--sl-color-neutral-600); }
h3 { margin: 0; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-700); }
dl { margin: 0; display: flex; flex-direction: column; gap: 6px; }
.fact { display: flex; gap: 10px; align-items: center; min-height: 24px; }
dt { flex: 0 0 96px; color: var(--sl-color-neutral-600); font-size: 13px; }
dd { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px; min-width: 0; overflow-wrap: anywhere; }
.owner-line { display: flex; align-items: center; gap: 10px; }
.owner-name { font-size: 16px; }
.stage { font-size: 12px; padding: 1px 8px; border-radius: 10px; background: var(--sl-color-neutral-100); }
.stage-new { background: var(--sl-color-sky-100); color: var(--sl-color-sky-800); }
.stage-active { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.stage-sleeping { background: var(--sl-color-warning-100); color: var(--sl-color-warning-800); }
.stage-lost { background: var(--sl-color-neutral-200); color: var(--sl-color-neutral-700); }
${tagChipStyles.trim()}
.visits { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; }
.visits li { display: grid; grid-template-columns: 90px 44px 1fr auto auto; gap: 10px; align-items: center; padding: 7px 0; border-bottom: 1px dashed var(--sl-color-neutral-100); }
/* Narrow: date, kind, mileage and amount on one line, the work done below it. */
@container panorama (max-width: 520px) {
  .visits li { grid-template-columns: auto auto 1fr auto; grid-template-areas: 'date kind km money' 'items items items items'; row-gap: 2px; }
  .visits li > .visit-date { grid-area: date; }
  .visits li > .kind { grid-area: kind; }
  .visits li > .visit-km { grid-area: km; justify-self: end; }
  .visits li > .money { grid-area: money; }
  .visits li > .visit-items { grid-area: items; white-space: normal; overflow: visible; font-size: 13px; color: var(--sl-color-neutral-600); }
  .visits li.more-visits { display: block; }
  .hero { padding: 14px 16px; gap: 12px; }
  dt { flex-basis: 84px; }
}
.visit-items { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.kind { font-size: 12px; padding: 0 6px; border-radius: 3px; text-align: center; }
.kind-maintenance { background: var(--sl-color-primary-50); color: var(--sl-color-primary-700); }
.kind-repair { background: var(--sl-color-warning-50); color: var(--sl-color-warning-700); }
.money { font-variant-numeric: tabular-nums; text-align: right; min-width: 64px; }
.years { display: flex; flex-direction: column; gap: 8px; }
.year { display: grid; grid-template-columns: 44px 1fr auto; gap: 10px; align-items: center; }
.year-bar { height: 8px; border-radius: 4px; background: var(--sl-color-neutral-100); overflow: hidden; }
.year-bar span { display: block; height: 100%; background: var(--sl-color-primary-500); }
.year .small { text-align: right; }
.state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 56px 16px; background: var(--sl-color-neutral-0);
  border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state sl-icon { font-size: 40px; color: var(--sl-color-neutral-400); }
.state p { margin: 0; }
`;
