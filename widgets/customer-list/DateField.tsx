import { useEffect, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import { messages } from './messages';

/**
 * A day typed or picked, always shown as 2026-11-23 (the product's date format). Chromium draws a
 * native <input type="date"> in the browser's own language — mm/dd/yyyy in an English browser —
 * whatever the page's `lang`, so the field is text, and the calendar button opens the native picker
 * of a hidden date input only to choose a day (docs: /work/notes/a11y.md, "date control").
 */
export function DateField({ label, value, onChange }: { label: string; value: string | undefined; onChange(day: string | undefined): void }) {
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(value ?? '');
    setInvalid(false);
  }, [value]);

  const commit = (typed: string) => {
    const day = readDay(typed);
    if (day === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(day ?? '');
    onChange(day ?? undefined);
  };

  return (
    <span className="date-field">
      <sl-input
        size="small"
        class="hidden-label"
        label={label}
        inputmode="numeric"
        placeholder={messages.datePlaceholder}
        maxlength="11"
        value={text}
        data-problem={invalid ? '' : undefined}
        help-text={invalid ? messages.dateInvalid : ''}
        onsl-input={(event: Event) => setText((event.target as HTMLInputElement).value)}
        onsl-change={(event: Event) => commit((event.target as HTMLInputElement).value)}
      >
        <sl-icon-button
          slot="suffix"
          name="calendar3"
          label={messages.pickDate(label)}
          onClick={() => {
            const input = picker.current;
            if (!input) return;
            input.value = readDay(text) ?? '';
            input.showPicker();
          }}
        ></sl-icon-button>
      </sl-input>
      <input ref={picker} type="date" className="date-picker" tabIndex={-1} aria-hidden="true" onChange={(event) => commit(event.currentTarget.value)} />
    </span>
  );
}

/**
 * '2026-11-23', '2026/11/23', '2026.11.23', '2026年11月23日' and '20261123' → '2026-11-23';
 * '' → null (no day); anything else, or a day that does not exist (2026-02-30) → undefined.
 */
export function readDay(typed: string): string | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  const parts = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!parts) return undefined;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
