export const styles = `
:host { display: inline-block !important; vertical-align: middle; }
.badge {
  display: inline-flex;
  align-items: center;
  gap: var(--sl-spacing-x-small);
  max-width: 100%;
  padding: var(--sl-spacing-3x-small) var(--sl-spacing-small) var(--sl-spacing-3x-small) var(--sl-spacing-3x-small);
  border: solid 1px var(--sl-color-neutral-200);
  border-radius: var(--sl-border-radius-pill);
  background: var(--sl-color-neutral-0);
  font-size: var(--sl-font-size-small);
  line-height: 1.3;
}
.avatar {
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: var(--sl-color-primary-600);
  color: var(--sl-color-neutral-0);
  font-weight: var(--sl-font-weight-semibold);
}
.text { display: grid; min-width: 0; max-width: 256px; }
.name, .store { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.name { color: var(--sl-color-neutral-900); font-weight: var(--sl-font-weight-semibold); }
.store { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-x-small); }
.hq {
  flex: none;
  padding: 0 var(--sl-spacing-x-small);
  border-radius: var(--sl-border-radius-pill);
  background: var(--sl-color-warning-100);
  color: var(--sl-color-warning-800);
  font-size: var(--sl-font-size-x-small);
}
.loading { color: var(--sl-color-neutral-500); }
`;
