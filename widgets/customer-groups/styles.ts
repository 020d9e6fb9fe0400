/** Styles of <garage-customer-groups>, inside its shadow root. */
export const customerGroupsStyles = `
:host { font-size: 14px !important; }
.groups { display: flex; flex-direction: column; gap: 16px; container: customer-groups / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.head { display: flex; align-items: flex-start; justify-content: space-between; gap: 16px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.head p { margin: 0; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr)); gap: 14px; }
@container customer-groups (max-width: 520px) {
  .head { flex-direction: column; gap: 10px; }
}
.card { display: flex; flex-direction: column; gap: 8px; padding: 16px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.card:hover { border-color: var(--sl-color-primary-300); box-shadow: var(--sl-shadow-small); }
.card-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h3 { margin: 0; font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); }
.kind { font-size: 12px; padding: 1px 8px; border-radius: 10px; }
.kind-condition { background: var(--sl-color-primary-50); color: var(--sl-color-primary-700); }
.kind-fixed { background: var(--sl-color-warning-50); color: var(--sl-color-warning-700); }
.count { white-space: nowrap; font-size: 22px; font-weight: 600; color: var(--sl-color-primary-700); font-variant-numeric: tabular-nums; }
.summary { margin: 0; font-size: 13px; color: var(--sl-color-neutral-700); line-height: 1.6; }
.card p { margin: 0; }
.card-actions { display: flex; gap: 2px; margin-top: auto; border-top: 1px solid var(--sl-color-neutral-100); padding-top: 6px; }
.card-actions .danger::part(label) { color: var(--sl-color-danger-600); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 48px 16px; text-align: center;
  background: var(--sl-color-neutral-0); border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state sl-icon { font-size: 36px; color: var(--sl-color-neutral-400); }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 16px; }
sl-radio { margin-right: 16px; display: inline-flex; }
`;
