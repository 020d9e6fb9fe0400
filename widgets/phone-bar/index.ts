import { define, type WidgetElement } from '../core/base';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { call } from './line';
import { PhoneBar, type PhoneBarProps } from './PhoneBar';
import { phoneBarStyles } from './styles';

/**
 * 浏览器里的网络电话：拨号外呼、通话状态与计时、通话余额。同页其他组件派发的 `garage-call`
 * 事件（冒泡到 document，或直接在 document 上派发，`detail: { number, customerId }`）
 * 也由它拨出；一页只有一条线路，多个电话条共用。
 *
 * @title 网络电话
 * @summary 浏览器内外呼客户，显示通话状态、计时和通话余额。
 * @method call - `call(number, customerId?)`：拨打这个号码，开始拨号时返回 `true`。
 * @csspart bar - 电话条本身。
 * @csspart call-bar - 通话中的状态区（号码、状态、计时）。
 * @csspart notice - 提示信息（余额不足、未开通等）。
 */
define('garage-phone-bar', PhoneBar, {
  props: {
    /** 拨号框里预先填好的号码。 */
    number: 'string',
    /** SIP WebSocket 地址，不设时用服务器给的。 */
    sipServer: 'string',
    /** STUN 服务器，不设时用服务器给的；空值表示不用。 */
    stunServer: 'string',
    /** 停靠在页面角落时设为 true：没有可用线路时收成圆形按钮，按下显示原因，不遮挡页面。 */
    foldable: 'boolean',
  },
  styles: phoneBarStyles,
  signedOut: 'compact',
});

const PhoneBarElement = customElements.get('garage-phone-bar');
if (PhoneBarElement && !('call' in PhoneBarElement.prototype)) {
  Object.defineProperty(PhoneBarElement.prototype, 'call', {
    value: call,
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'garage-phone-bar': WidgetElement<PhoneBarProps> & { call(number: string, customerId?: string | null): Promise<boolean> };
  }
}
