import { define } from '../core/base';
import { call } from './line';
import { PhoneBar } from './PhoneBar';
import { phoneBarStyles } from './styles';

/**
 * <garage-phone-bar number="…" token="…" api-base="…" sip-server="…" stun-server="…">
 * Public API: element.call(number, customerId?) and, from anywhere on the page, a `garage-call`
 * event ({ detail: { number, customerId } }) on document or bubbling (composed) from any element.
 */
define('garage-phone-bar', PhoneBar, {
  props: { number: 'string', sipServer: 'string', stunServer: 'string' },
  styles: phoneBarStyles,
});

const PhoneBarElement = customElements.get('garage-phone-bar');
if (PhoneBarElement && !('call' in PhoneBarElement.prototype)) {
  Object.defineProperty(PhoneBarElement.prototype, 'call', {
    value: call,
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'garage-phone-bar': HTMLElement & { call(number: string, customerId?: string | null): Promise<boolean> };
  }
}
