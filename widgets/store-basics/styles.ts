/** Styles of <garage-store-basics>, inside its shadow root. Cards flow in columns and stack at phone width. */
import { DATE_FIELD_CSS } from '../core/ui/date-field-styles';
export const storeBasicsStyles = `${DATE_FIELD_CSS}
:host { font-size: 14px !important; container-type: inline-size !important; }
.stores { display: flex; flex-direction: column; gap: 14px; }
.muted { color: var(--sl-color-neutral-600); }
.small { font-size: 12px; }
.figure { font-variant-numeric: tabular-nums; }
h2 { margin: 0 0 4px; font-size: 18px; font-weight: 600; color: var(--sl-color-neutral-900); }
h3 { margin: 6px 0 10px; font-size: 14px; font-weight: 600; color: var(--sl-color-neutral-700); }
.head { display: flex; align-items: flex-start; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.head p { margin: 0; }
.note { margin-top: 8px !important; padding: 8px 12px; border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
.cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 12px; }
.card { display: flex; flex-direction: column; gap: 10px; padding: 14px 16px 8px; background: var(--sl-color-neutral-0);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); min-width: 0; }
.card.off { background: var(--sl-color-neutral-50); }
.card.off .name strong { color: var(--sl-color-neutral-600); }
.card-head { display: flex; align-items: flex-start; justify-content: space-between; gap: 8px; }
.name { display: flex; flex-direction: column; min-width: 0; }
.name strong { font-size: 15px; font-weight: 600; color: var(--sl-color-neutral-900); overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 14px; margin: 0; }
dt { color: var(--sl-color-neutral-600); }
dd { margin: 0; color: var(--sl-color-neutral-900); overflow-wrap: anywhere; }
.licence { letter-spacing: 0.5px; }
.actions { display: flex; flex-wrap: wrap; justify-content: flex-end; margin: auto -8px 0 0; min-height: 8px; border-top: 1px solid var(--sl-color-neutral-100); padding-top: 4px; }
.actions:empty { display: none; }
.danger::part(label) { color: var(--sl-color-danger-700); }
@container (max-width: 480px) {
  .cards { grid-template-columns: 1fr; }
  .actions { justify-content: flex-start; margin: auto 0 0 -12px; }
}
.state { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 40px 16px; background: var(--sl-color-neutral-0);
  border: 1px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); text-align: center; }
.state p { margin: 0; }
.profile-dialog { --width: 640px; }
.form { display: flex; flex-direction: column; gap: 14px; }
.form p { margin: 0; }
.profile-dialog .form { display: grid; grid-template-columns: repeat(6, 1fr); gap: 12px 14px; align-items: start; }
.profile-dialog .form > * { grid-column: span 2; }
.profile-dialog .field-name { grid-column: span 4; }
.profile-dialog .field-phone, .profile-dialog .field-bays { grid-column: span 3; }
.profile-dialog .field-address, .profile-dialog .field-licenceNo { grid-column: 1 / -1; }
@container (max-width: 560px) { .profile-dialog .form { grid-template-columns: 1fr; } .profile-dialog .form > * { grid-column: 1 / -1 !important; } }
.warning { display: flex; flex-direction: column; gap: 4px; padding: 10px 12px; border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); }
sl-radio-group::part(form-control-input) { display: flex; flex-direction: column; gap: 6px; }
sl-radio::part(label) { line-height: 1.45; }
`;
