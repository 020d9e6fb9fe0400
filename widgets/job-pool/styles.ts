/** Styles of <garage-job-pool>, inside its shadow root. Below 560 px of its own width each position is a card. */
export const jobPoolStyles = `
.pool, .state { font-size: 14px; line-height: 1.6; }
.pool { display: flex; flex-direction: column; gap: 12px; max-width: 960px; container: job-pool / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { white-space: nowrap; font-variant-numeric: tabular-nums; }
.head { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.head p { margin: 0; }
.head > div { flex: 1 1 320px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.jobs { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.job, .titles { display: grid; grid-template-columns: minmax(140px, 1.4fr) minmax(120px, 1.2fr) 90px minmax(120px, auto); align-items: center; gap: 12px; padding: 10px 16px; }
.titles { font-size: 12px; font-weight: 600; color: var(--sl-color-neutral-700); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-large) var(--sl-border-radius-large) 0 0; }
.job { border-top: 1px solid var(--sl-color-neutral-100); }
.name { display: flex; align-items: center; gap: 6px; font-weight: 600; color: var(--sl-color-neutral-900); min-width: 0; }
.role { color: var(--sl-color-neutral-800); }
.role.none { color: var(--sl-color-neutral-600); }
.actions { display: flex; justify-content: flex-end; flex-wrap: wrap; }
.danger::part(label) { color: var(--sl-color-danger-700); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 14px; }
.roles sl-radio { display: block; margin-bottom: 6px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@container job-pool (max-width: 560px) {
  .titles { display: none; }
  .job { grid-template-columns: 1fr auto; grid-template-areas: 'name count' 'role role' 'actions actions'; gap: 4px 8px; }
  .name { grid-area: name; } .count { grid-area: count; } .role { grid-area: role; }
  .actions { grid-area: actions; justify-content: flex-start; margin-left: -12px; }
  .job .label { position: static; width: auto; height: auto; overflow: visible; clip: auto; color: var(--sl-color-neutral-600); }
}
`;
