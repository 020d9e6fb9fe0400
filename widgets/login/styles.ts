/**
 * Styles of <garage-login>, inside its shadow root. Plain elements instead of Shoelace keep the
 * login page's bundle small (it is the first thing every user loads); the look follows the host
 * app's tokens when they are present and falls back to the same values otherwise.
 */
export const loginStyles = `
:host {
  display: block;
  /* 700 rather than Shoelace's usual 600: white on it and it on white read at 5.9:1 (WCAG AA). */
  --login-primary: var(--sl-color-primary-700, #0369a1);
  --login-primary-hover: var(--sl-color-primary-800, #075985);
  --login-border: #d7dce5;
  --login-text: #1f2937;
  --login-muted: #6b7280;
  --login-danger: #dc2626;
  font-size: 14px !important;
  color: var(--login-text) !important;
}
* { box-sizing: border-box; }
.login { display: flex; flex-direction: column; gap: 20px; }
.heading h2 { margin: 0; font-size: 24px; font-weight: 600; }
.heading p { margin: 4px 0 0; color: var(--login-muted); }
.tabs { display: flex; gap: 24px; border-bottom: 1px solid #e5e8ef; }
.tab {
  position: relative; padding: 8px 0 10px; border: 0; background: none; font: inherit; font-size: 15px;
  color: var(--login-muted); cursor: pointer;
}
.tab[aria-selected='true'] { color: var(--login-primary); font-weight: 600; }
.tab[aria-selected='true']::after {
  content: ''; position: absolute; left: 0; right: 0; bottom: -1px; height: 2px; border-radius: 2px; background: var(--login-primary);
}
.tab:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid var(--login-primary); outline-offset: 2px; }
form { display: flex; flex-direction: column; gap: 16px; }
.field { display: flex; flex-direction: column; gap: 6px; }
label { font-weight: 500; }
.control { position: relative; display: flex; gap: 8px; }
input {
  flex: 1; min-width: 0; height: 42px; padding: 0 12px; border: 1px solid var(--login-border); border-radius: 8px;
  font: inherit; color: inherit; background: #fff; transition: border-color 0.15s, box-shadow 0.15s;
}
input::placeholder { color: #9ca3af; }
input:hover { border-color: #b8c0cc; }
input:focus { outline: none; border-color: var(--login-primary); box-shadow: 0 0 0 3px rgb(2 132 199 / 15%); }
input[aria-invalid='true'] { border-color: var(--login-danger); }
.field-error { margin: 0; font-size: 12px; color: var(--login-danger); }
.field-hint { margin: 0; font-size: 12px; color: var(--login-muted); }
.toggle {
  position: absolute; right: 6px; top: 50%; transform: translateY(-50%); height: 30px; padding: 0 8px; border: 0;
  background: none; color: var(--login-muted); font: inherit; font-size: 12px; cursor: pointer; border-radius: 6px;
}
.toggle:hover { color: var(--login-text); background: #f3f5f9; }
.has-toggle input { padding-right: 72px; }
.send-code {
  flex: none; width: 116px; height: 42px; border: 1px solid var(--login-primary); border-radius: 8px; background: #fff;
  color: var(--login-primary); font: inherit; cursor: pointer;
}
.send-code:disabled { border-color: var(--login-border); color: var(--login-muted); cursor: default; background: #f8fafc; }
.submit {
  height: 44px; margin-top: 4px; border: 0; border-radius: 8px; background: var(--login-primary); color: #fff;
  font: inherit; font-size: 16px; font-weight: 500; letter-spacing: 4px; cursor: pointer; transition: background 0.15s;
}
.submit:hover:not(:disabled) { background: var(--login-primary-hover); }
.submit:disabled { opacity: 0.7; cursor: default; letter-spacing: 1px; }
.alert {
  margin: 0; padding: 10px 12px; border-radius: 8px; font-size: 13px; line-height: 1.5;
  background: #fef2f2; border: 1px solid #fecaca; color: #b91c1c;
}
.alert.info { background: #f0f9ff; border-color: #bae6fd; color: #0369a1; }
.wecom { display: flex; align-items: center; gap: 10px; padding: 24px 0; color: var(--login-muted); }
.spinner {
  width: 18px; height: 18px; border-radius: 50%; border: 2px solid #dbe3f0; border-top-color: var(--login-primary);
  animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
.signed-in { display: flex; align-items: center; gap: 12px; padding: 16px; border: 1px solid var(--login-border); border-radius: 8px; }
.signed-in .who { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.signed-in .who span { color: var(--login-muted); font-size: 13px; }
.signed-in .logout, .change-password .logout { height: 34px; padding: 0 14px; border: 1px solid var(--login-border); border-radius: 8px; background: #fff; font: inherit; cursor: pointer; }
.change-password .logout { align-self: center; }
`;
