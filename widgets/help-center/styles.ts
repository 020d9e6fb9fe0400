/** Styles of <garage-help-center>, inside its shadow root. */
export const helpCenterStyles = `
:host { font-size: 14px !important; container-type: inline-size !important; }
.help { display: flex; flex-direction: column; gap: 16px; max-width: 880px; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 0 0 8px; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-700); }
header p { margin: 0 0 12px; }
.muted { color: var(--sl-color-neutral-600); }
.search { max-width: 420px; }
.count { margin: 0; color: var(--sl-color-neutral-700); }
.areas { display: flex; flex-direction: column; gap: 18px; }
.entries { list-style: none; margin: 0; padding: 0; background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.entries li + li { border-top: 1px solid var(--sl-color-neutral-100); }
.entry { all: unset; box-sizing: border-box; display: flex; flex-direction: column; gap: 4px; width: 100%; padding: 12px 16px; cursor: pointer; }
.entry:hover { background: var(--sl-color-primary-50); }
.entry:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: -2px; }
.entry-title { font-weight: 500; color: var(--sl-color-primary-700); }
.entry-area { margin-left: 8px; font-size: 12px; font-weight: 400; color: var(--sl-color-neutral-600); }
.entry-excerpt { font-size: 13px; line-height: 1.6; color: var(--sl-color-neutral-700); overflow-wrap: anywhere; }
mark { background: var(--sl-color-warning-100); color: inherit; border-radius: 2px; }
.state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 40px 16px; text-align: center; border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); }
.state p { margin: 0; }
.skeleton { display: flex; flex-direction: column; gap: 10px; padding: 16px; }
.article { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: 20px 24px; }
.article h2:focus { outline: none; }
.article-area { display: inline-block; margin-bottom: 6px; padding: 1px 8px; border-radius: 999px; font-size: 12px; background: var(--sl-color-primary-50); color: var(--sl-color-primary-800); }
.body { line-height: 1.75; color: var(--sl-color-neutral-800); overflow-wrap: anywhere; }
.body h3 { margin: 20px 0 6px; font-size: 15px; color: var(--sl-color-neutral-900); }
.body h4 { margin: 14px 0 4px; font-size: 14px; color: var(--sl-color-neutral-900); }
.body p { margin: 8px 0; }
.body ul, .body ol { margin: 8px 0; padding-left: 22px; }
.body li { margin: 4px 0; }
.body a { color: var(--sl-color-primary-700); text-decoration: underline; text-underline-offset: 2px; }
.body code { padding: 1px 4px; border-radius: 3px; font-family: var(--sl-font-mono); font-size: 13px; background: var(--sl-color-neutral-100); }
.body pre { margin: 8px 0; padding: 10px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-100); white-space: pre-wrap; overflow-wrap: anywhere; }
.body pre code { padding: 0; background: none; }
.body blockquote { margin: 12px 0; padding: 8px 12px; border-left: 3px solid var(--sl-color-primary-400); background: var(--sl-color-primary-50); border-radius: 0 var(--sl-border-radius-medium) var(--sl-border-radius-medium) 0; }
.body blockquote p { margin: 0; }
.back { align-self: flex-start; }
@container (max-width: 480px) {
  .article { padding: 14px 14px; }
  .entry { padding: 10px 12px; }
  .search { max-width: none; }
}
`;
