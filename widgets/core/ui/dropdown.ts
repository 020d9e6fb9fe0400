/**
 * <sl-dropdown>, registered, with its trigger check moved out of the first render. On every
 * slotchange of its trigger Shoelace walks the trigger for a tabbable element (checkVisibility on
 * each, which forces a style recalculation) to set aria-haspopup/aria-expanded on it. In a page's
 * first render that forced the styles of the whole half-built page once per dropdown, between the
 * other components' renders: the largest part of the signed-in customer list's longest task (issue 10,
 * login page speed), and each check's attributes made the next one recalculate again. Here the
 * check runs before the next frame for every dropdown that asked, on a settled page, and a button
 * trigger is recognised without the walk; opening a dropdown still runs Shoelace's own check at
 * once (its handleOpenChange).
 * Import this instead of '@shoelace-style/shoelace/dist/components/dropdown/dropdown.js'.
 */
import SlDropdown from '@shoelace-style/shoelace/dist/components/dropdown/dropdown.component.js';
import '@shoelace-style/shoelace/dist/components/dropdown/dropdown.js';

const waiting = new Set<SlDropdown>();

/**
 * Shoelace's own check for the usual trigger, one button, without the walk: the first slotted
 * element if it is a button (the native one inside <sl-button>/<sl-icon-button>) and not disabled.
 * Anything else gets Shoelace's check.
 */
function markTrigger(dropdown: SlDropdown): boolean {
  const [first] = dropdown.trigger.assignedElements({ flatten: true }) as (HTMLElement & { button?: HTMLElement; disabled?: boolean })[];
  if (!first || first.disabled || first.hasAttribute('disabled')) return false;
  const target = first.localName === 'sl-button' || first.localName === 'sl-icon-button' ? first.button : first.localName === 'button' ? first : null;
  if (!target) return false;
  target.setAttribute('aria-haspopup', 'true');
  target.setAttribute('aria-expanded', dropdown.open ? 'true' : 'false');
  return true;
}

function checkTriggers() {
  for (const dropdown of waiting) if (dropdown.isConnected && !markTrigger(dropdown)) dropdown.updateAccessibleTrigger();
  waiting.clear();
}

SlDropdown.prototype.handleTriggerSlotChange = function handleTriggerSlotChange(this: SlDropdown) {
  if (waiting.size === 0) {
    requestAnimationFrame(checkTriggers);
    // A hidden tab gets no frames: the attributes must not wait for it to be shown.
    setTimeout(checkTriggers, 200);
  }
  waiting.add(this);
};
