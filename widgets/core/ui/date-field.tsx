import { useEffect, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js';
import { dateMessages } from '../messages';

export interface DateFieldProps {
  label: string;
  value: string | undefined;
  onChange(day: string | undefined): void;
  /** The first day allowed, YYYY-MM-DD (typed or picked). */
  min?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  helpText?: string;
  /** Classes of the <sl-input> (e.g. a visually hidden label). */
  className?: string;
}

/**
 * A day typed or picked, always shown as 2026-11-23 (the product's date format). Chromium draws a
 * native <input type="date"> in the browser's own language — mm/dd/yyyy in an English browser —
 * whatever the page's `lang`, so the field is text, and the calendar button opens the native picker
 * of a hidden date input only to choose a day (docs/DECISIONS.md, "Date control"). Its styles are
 * DATE_FIELD_CSS (date-field-styles.ts), which each widget using it adds to its own.
 */
export function DateField({ label, value, onChange, min, size = 'medium', required, helpText, className }: DateFieldProps) {
  const [text, setText] = useState(value ?? '');
  const [problem, setProblem] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(value ?? '');
    setProblem('');
  }, [value]);

  const problemOf = (day: string | null | undefined) =>
    day === undefined ? dateMessages.invalid
      : day && min && day < min ? dateMessages.tooEarly(min)
      : '';

  const commit = (typed: string) => {
    const day = readDay(typed);
    const found = problemOf(day);
    setProblem(found);
    if (found) return;
    setText(day ?? '');
    // Typed as shown, the day already counted while typing (sl-input below).
    if ((day ?? undefined) !== value) onChange(day ?? undefined);
  };

  return (
    <span className="date-field">
      <sl-input
        size={size}
        class={className}
        label={label}
        inputmode="numeric"
        placeholder={dateMessages.placeholder}
        maxlength="11"
        value={text}
        required={required}
        data-problem={problem ? '' : undefined}
        help-text={problem || helpText || ''}
        onsl-input={(event: Event) => {
          const typed = (event.target as HTMLInputElement).value;
          setText(typed);
          // A whole day as the field shows it (or nothing) counts at once: a form sent without leaving the field has it.
          if (typed === '' || (readDay(typed) === typed && !problemOf(typed))) (setProblem(''), onChange(typed || undefined));
        }}
        onsl-change={(event: Event) => commit((event.target as HTMLInputElement).value)}
      >
        <sl-icon-button
          slot="suffix"
          name="calendar3"
          label={dateMessages.pick(label)}
          onClick={() => {
            const input = picker.current;
            if (!input) return;
            input.value = readDay(text) ?? '';
            input.showPicker();
          }}
        ></sl-icon-button>
      </sl-input>
      <input ref={picker} type="date" className="date-picker" min={min} tabIndex={-1} aria-hidden="true" onChange={(event) => commit(event.currentTarget.value)} />
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
