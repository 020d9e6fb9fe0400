/**
 * Helpers for the widgets' Shoelace dialogs (customer list, groups, tags), so each dialog is only
 * its fields and its action.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { uiMessages } from '../messages';

/** A ref for an `<sl-dialog>` that calls onClose once the dialog has hidden (Esc, overlay, ✕). */
export function useDialogClose<T extends HTMLElement = HTMLElement>(onClose: () => void) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Only the dialog's own hide: selects and tooltips inside it send sl-after-hide too.
    const hide = (event: Event) => event.target === dialog && onClose();
    dialog.addEventListener('sl-after-hide', hide);
    return () => dialog.removeEventListener('sl-after-hide', hide);
  }, [onClose]);
  return ref;
}

/**
 * `[busy, run]`: run(action) shows busy while the action runs. A failed request was already
 * toasted by the core's HTTP client, so it is swallowed here and the dialog stays open for a retry.
 */
export function useBusyAction(): [boolean, (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      /* toasted by the core */
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}

/**
 * The footer every dialog has: 取消 (closes) and its one action, busy while the action runs.
 * Both buttons go to the dialog's footer slot (a fragment adds no element between them).
 */
export function DialogFooter({ confirmLabel, onConfirm, onCancel, busy = false, disabled = false, variant = 'primary' }: {
  confirmLabel: string;
  onConfirm(): unknown;
  onCancel(): void;
  busy?: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
}) {
  return (
    <>
      <sl-button slot="footer" onClick={onCancel}>
        {uiMessages.cancel}
      </sl-button>
      <sl-button slot="footer" variant={variant} loading={busy} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </sl-button>
    </>
  );
}

/**
 * A question before something that cannot be undone (删除…): `text(item)` and a danger button
 * that runs `action(item)`; a failure keeps it open for a retry. Open while `item` is not null; the
 * text stays while the dialog hides.
 */
export function ConfirmDialog<T>({ item, title, text, confirmLabel, action, onClose }: {
  item: T | null;
  title: string;
  text(item: T): string;
  confirmLabel: string;
  action(item: T): Promise<void>;
  onClose(): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [shown, setShown] = useState<T | null>(item);
  useEffect(() => {
    if (item !== null) setShown(item);
  }, [item]);
  return (
    <sl-dialog ref={ref} label={title} open={item !== null}>
      <p>{shown !== null ? text(shown) : ''}</p>
      <DialogFooter variant="danger" busy={busy} confirmLabel={confirmLabel} onCancel={onClose} onConfirm={() => item !== null && run(() => action(item))} />
    </sl-dialog>
  );
}
