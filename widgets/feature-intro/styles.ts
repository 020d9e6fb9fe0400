/** Styles of <garage-feature-intro>, inside its shadow root. */
export const featureIntroStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.tour { display: flex; flex-direction: column; gap: 16px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
header p { margin: 0; color: var(--sl-color-neutral-600); }
.areas { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 14px; }
.area { display: flex; flex-direction: column; gap: 10px; padding: 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h3 { margin: 0; font-size: 16px; font-weight: 600; color: var(--sl-color-neutral-900); }
.status { flex: none; padding: 1px 8px; border-radius: 999px; font-size: 12px; white-space: nowrap; }
.status--live { background: var(--sl-color-success-100); color: var(--sl-color-success-800); }
.status--partial { background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); }
.status--soon { background: var(--sl-color-neutral-100); color: var(--sl-color-neutral-700); }
p { margin: 0; line-height: 1.6; }
.summary { color: var(--sl-color-neutral-800); }
.audience { font-size: 13px; color: var(--sl-color-neutral-700); }
.label { color: var(--sl-color-neutral-600); }
h4 { margin: 0 0 4px; font-size: 13px; font-weight: 600; color: var(--sl-color-neutral-700); }
ul.items { margin: 0; padding-left: 18px; font-size: 13px; line-height: 1.7; color: var(--sl-color-neutral-800); }
.coming ul.items { color: var(--sl-color-neutral-700); }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; margin-top: auto; padding-top: 6px; }
.go { display: inline-flex; align-items: center; height: 30px; padding: 0 14px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-primary-700); color: var(--sl-color-neutral-0); font-weight: 500; text-decoration: none; }
.go:hover { background: var(--sl-color-primary-800); }
.go:focus-visible, .help-link:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 2px; }
.help-link { color: var(--sl-color-primary-700); text-decoration: underline; text-underline-offset: 2px; }
.note { flex-basis: 100%; font-size: 13px; color: var(--sl-color-warning-800); }
.note.soon { color: var(--sl-color-neutral-600); }
@container (max-width: 480px) {
  .areas { grid-template-columns: 1fr; }
  .area { padding: 14px; }
}
`;
