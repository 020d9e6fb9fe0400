/**
 * Styles of 智慧大屏: dark, large type for a TV read from 3 m at 1920×1080 (numbers 56 px, labels
 * 22 px); the trend across the top row, ranking and stages below; one column in narrow boxes.
 * Sizes in px and clamp() on the element's own width (container units), never the page's root font.
 */
export const bigScreenStyles = `
:host { display: block; }
.screen { box-sizing: border-box; min-height: 100%; display: flex; flex-direction: column; gap: 18px; padding: 24px 28px;
  background: radial-gradient(ellipse at top, #10213f 0%, #0b1220 60%); color: #e2e8f0; font-size: 18px; line-height: 1.4;
  border-radius: 8px; container: big-screen / inline-size; }
:host(:fullscreen) .screen { height: 100vh; border-radius: 0; }
.screen * { box-sizing: border-box; }
.screen .muted { color: #94a3b8; }
.screen h2 { margin: 0; font-size: clamp(22px, 2.2cqi, 40px); font-weight: 700; letter-spacing: 2px; color: #f8fafc; }
.screen h3 { margin: 0 0 8px; font-size: clamp(18px, 1.3cqi, 26px); font-weight: 600; color: #e2e8f0; }
.screen .top { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.screen .when { display: flex; align-items: center; gap: 18px; font-size: clamp(15px, 1.1cqi, 22px); color: #cbd5e1; flex-wrap: wrap; }
.screen .updated { color: #94a3b8; font-variant-numeric: tabular-nums; }
.screen .full { font: inherit; font-size: 15px; padding: 4px 14px; border-radius: 6px; border: 1px solid #334155; background: #1e293b; color: #e2e8f0; cursor: pointer; }
.screen .full:hover { border-color: #38bdf8; }
.screen .tiles { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 16px; }
.screen .tile { display: flex; flex-direction: column; gap: 4px; padding: 16px 20px; border-radius: 10px; background: rgba(30, 41, 59, 0.75); border: 1px solid #1e3a5f; min-width: 0; }
.screen .tile .label { font-size: clamp(15px, 1.15cqi, 24px); color: #94a3b8; }
.screen .tile .value { font-size: clamp(28px, 3cqi, 60px); font-weight: 700; font-variant-numeric: tabular-nums; color: #f8fafc; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.screen .tile-revenueToday .value, .screen .tile-revenueMonth .value { color: #38bdf8; }
.screen .tile-ordersInProgress .value { color: #fbbf24; }
.screen .grid { flex: 1; display: grid; grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); grid-template-rows: minmax(300px, 1fr) minmax(300px, 1fr); gap: 16px; min-height: 0; }
.screen .card { display: flex; flex-direction: column; padding: 16px 18px; border-radius: 10px; background: rgba(15, 23, 42, 0.8); border: 1px solid #1e3a5f; min-width: 0; min-height: 0; }
.screen .card.trend { grid-column: 1 / -1; }
.screen .chart { flex: 1; min-height: 240px; width: 100%; display: flex; align-items: center; justify-content: center; }
.screen .state { margin: 0; padding: 80px 16px; text-align: center; font-size: 22px; color: #cbd5e1; }
.screen .stale { margin: 0; padding: 6px 12px; border-radius: 6px; background: rgba(248, 113, 113, 0.15); color: #fecaca; font-size: 16px; }
@container big-screen (max-width: 900px) {
  .screen .tiles { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .screen .tile:first-child { grid-column: 1 / -1; }
  .screen .grid { grid-template-columns: minmax(0, 1fr); grid-template-rows: none; }
  .screen .chart { min-height: 260px; }
}
@container big-screen (max-width: 420px) {
  .screen { padding: 14px; gap: 12px; }
  .screen .tile { padding: 10px 12px; }
  .screen .card { padding: 12px; }
}
`;
