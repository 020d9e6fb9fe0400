import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { mallStyles } from '../mall/styles';
import { SmsBuy } from './SmsBuy';
import { smsBuyStyles } from './styles';

/**
 * 短信购买：当前短信余额、每一笔变动（购买、发送扣减、失败退回），以及购买短信包（与商城同一个收银台：
 * 服务器报价、微信支付/支付宝二维码、到账后余额立即更新）。人人可看余额，只有总部管理员能购买。
 *
 * @title 短信购买
 * @summary 查看短信余额和变动，购买短信包。
 * @fires garage-navigate - 去发短信时派发，`detail.path` 是短信营销页地址。
 */
define('garage-sms-buy', SmsBuy, { styles: mallStyles + smsBuyStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-sms-buy': WidgetElement;
  }
}
