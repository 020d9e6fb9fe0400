/** Reads what a user would see of the core's page-level UI (toasts, loading mask). */
import { TOAST_STACK_ID } from '../ui/toast';
import { LOADING_MASK_ID } from '../ui/loading';

export function toastTexts(): string[] {
  const alerts = document.getElementById(TOAST_STACK_ID)?.shadowRoot?.querySelectorAll('sl-alert') ?? [];
  return Array.from(alerts, (alert) => alert.textContent?.trim() ?? '');
}

export function toastTypes(): string[] {
  const alerts = document.getElementById(TOAST_STACK_ID)?.shadowRoot?.querySelectorAll('sl-alert') ?? [];
  return Array.from(alerts, (alert) => alert.getAttribute('data-type') ?? '');
}

export function clearToasts(): void {
  document.getElementById(TOAST_STACK_ID)?.remove();
}

export function loadingMaskShown(): boolean {
  const mask = document.getElementById(LOADING_MASK_ID)?.shadowRoot?.querySelector<HTMLElement>('.mask');
  return Boolean(mask && !mask.hidden);
}
