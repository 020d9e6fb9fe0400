/** Styles of <garage-tag-manage>, inside its shadow root. */
export const tagManageStyles = `
:host { font-size: 14px !important; }
.tags { display: flex; flex-direction: column; gap: 18px; container: tag-manage / inline-size; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.head { display: flex; align-items: flex-start; justify-content: space-between; gap: 16px; }
.head p { margin: 0; }
.head-actions { display: flex; align-items: center; gap: 8px; font-size: 13px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
.group { padding: 14px 16px; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.group-head { display: flex; align-items: center; gap: 4px; margin-bottom: 10px; }
h3 { margin: 0; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-800); }
.tag-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr)); gap: 8px; }
@container tag-manage (max-width: 520px) {
  .head { flex-direction: column; gap: 10px; }
  .head-actions { flex-wrap: wrap; }
  .group { padding: 12px; }
}
.tag-card { display: flex; align-items: center; gap: 8px; padding: 6px 8px 6px 12px; border: 1px solid var(--sl-color-neutral-200);
  border-left: 3px solid var(--tag-colour); border-radius: var(--sl-border-radius-medium); min-height: 40px; }
.tag-card:hover { background: var(--sl-color-neutral-50); }
.tag-card.picked { background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-300); border-left-color: var(--tag-colour); }
.dot { width: 8px; height: 8px; border-radius: 50%; background: var(--tag-colour); flex: none; }
.tag-name { font-weight: 500; color: var(--sl-color-neutral-900); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.tag-count { margin-left: auto; white-space: nowrap; font-size: 12px; color: var(--sl-color-neutral-600); font-variant-numeric: tabular-nums; }
.tag-actions { display: flex; opacity: 0.6; transition: opacity 0.15s; }
.tag-card:hover .tag-actions, .tag-actions:focus-within { opacity: 1; }
/* A touch screen has no hover to reveal them: the actions show in full. */
@media (hover: none) { .tag-actions { opacity: 1; } }
input[type='checkbox'] { width: 15px; height: 15px; accent-color: var(--sl-color-primary-600); }
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 48px 16px; background: var(--sl-color-neutral-0);
  border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state sl-icon { font-size: 36px; color: var(--sl-color-neutral-400); }
.state p { margin: 0; }
.form { display: flex; flex-direction: column; gap: 14px; }
.form p { margin: 0; }
.label { font-size: var(--sl-input-label-font-size-medium); margin-bottom: 6px; }
.palette { display: flex; flex-wrap: wrap; gap: 8px; }
.swatch { width: 26px; height: 26px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px var(--sl-color-neutral-300); cursor: pointer; }
.swatch.chosen { box-shadow: 0 0 0 2px var(--sl-color-neutral-900); }
.swatch:focus-visible, .suggestion:focus-visible { outline: var(--sl-focus-ring); outline-offset: 2px; }
.group-suggestions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: -6px; }
.suggestion { font-size: 12px; padding: 2px 8px; border-radius: 10px; border: 1px solid var(--sl-color-neutral-300); background: none; cursor: pointer; }
.suggestion.active { background: var(--sl-color-primary-700); border-color: var(--sl-color-primary-700); color: #fff; }
.preview { padding: 10px; background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-medium); }
.chip { padding: 1px 10px; border: 1px solid; border-radius: 12px; font-size: 13px; }
`;
