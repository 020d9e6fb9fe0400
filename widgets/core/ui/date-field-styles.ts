/** The rules of <DateField> (date-field.tsx); a widget that shows one adds them to its styles. */
export const DATE_FIELD_CSS = `
.date-field { position: relative; display: block; }
.date-field sl-icon-button::part(base) { padding: 2px 6px; }
/* Only its native calendar is used (showPicker), under the calendar button. */
.date-field .date-picker { position: absolute; right: 0; bottom: 0; width: 1px; height: 1px; padding: 0; border: 0; opacity: 0; pointer-events: none; }
`;
