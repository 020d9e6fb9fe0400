/**
 * Styles of <garage-sms-buy>, after the mall's (index.ts adopts both: the checkout, the packages and
 * the balance look as in 商城). Below 560 px of its own width each ledger entry is a card.
 */
export const smsBuyStyles = `
.sms-buy { font-size: 14px; container: sms-buy / inline-size; }
.sms-buy h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.sms-buy .head p { margin: 0; }
.sms-buy h3 { margin: 0 0 10px; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
.entries { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: 12px; }
.entry { display: grid; grid-template-columns: 150px 90px 90px 90px minmax(0, 1fr); gap: 12px; align-items: center; padding: 9px 14px; border-top: 1px solid var(--sl-color-neutral-100); font-size: 13px; }
.entry:first-child { border-top: 0; }
.entry.titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: 12px 12px 0 0; }
.entry .change { font-weight: 600; text-align: right; font-variant-numeric: tabular-nums; }
.entry .change.plus { color: var(--sl-color-success-700); }
.entry .change.minus { color: var(--sl-color-neutral-800); }
.entry .after { text-align: right; font-variant-numeric: tabular-nums; color: var(--sl-color-neutral-700); }
.entry .ref { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--sl-color-neutral-600); }
.pager { display: flex; align-items: center; justify-content: flex-end; gap: 8px; flex-wrap: wrap; margin-top: 10px; }
.sms-buy a.link, .sms-buy .link { color: var(--sl-color-primary-700); }
@container sms-buy (max-width: 560px) {
  .entry.titles { display: none; }
  .entry { grid-template-columns: 1fr auto; grid-template-areas: 'reason change' 'at after' 'ref ref'; gap: 2px 8px; }
  .entry .reason { grid-area: reason; font-weight: 600; } .entry .change { grid-area: change; } .entry .at { grid-area: at; color: var(--sl-color-neutral-600); font-size: 12px; }
  .entry .after { grid-area: after; font-size: 12px; } .entry .ref { grid-area: ref; font-size: 12px; }
  .pager { justify-content: space-between; }
}
`;
