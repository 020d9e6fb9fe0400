/** Styles of <garage-version-notice>, inside its shadow root; host tokens when present. */
export const versionNoticeStyles = `
:host {
  --notice-primary: var(--sl-color-primary-600, #0284c7);
  font-size: 14px !important;
  color: #1f2937 !important;
}
* { box-sizing: border-box; }
.backdrop {
  position: fixed; inset: 0; z-index: 2000; display: grid; place-items: center; padding: 16px;
  background: rgb(15 23 42 / 45%);
}
.dialog {
  width: min(440px, 100%); padding: 24px; border-radius: 12px; background: #fff;
  box-shadow: 0 20px 50px rgb(15 23 42 / 25%);
}
h2 { margin: 0 0 8px; font-size: 18px; }
p { margin: 0 0 12px; line-height: 1.7; color: #4b5563; }
dl { display: flex; gap: 12px; margin: 0 0 12px; padding: 10px 12px; border-radius: 8px; background: #f3f5f9; }
dt { color: #6b7280; }
dd { margin: 0; font-variant-numeric: tabular-nums; }
.countdown { font-size: 15px; font-weight: 600; color: var(--notice-primary); font-variant-numeric: tabular-nums; }
.actions { display: flex; justify-content: flex-end; gap: 10px; }
button { height: 36px; padding: 0 18px; border-radius: 8px; font: inherit; cursor: pointer; }
.primary { border: 0; background: var(--notice-primary); color: #fff; }
.secondary { border: 1px solid #d7dce5; background: #fff; color: #374151; }
button:focus-visible { outline: 2px solid var(--notice-primary); outline-offset: 2px; }
.pill {
  position: fixed; right: 20px; bottom: var(--garage-notice-bottom, 20px); z-index: 2000; height: 34px; padding: 0 14px; border: 0; border-radius: 999px;
  background: var(--notice-primary); color: #fff; box-shadow: 0 6px 18px rgb(2 132 199 / 35%); font-variant-numeric: tabular-nums;
}
`;
