import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { Mall, type MallProps } from './Mall';
import { mallStyles } from './styles';

/**
 * 商城：`kind="pricing"` 价格商城（版本对比、功能矩阵、按剩余天数折算的升级差价），`kind="package"` 续费套餐（当前版本、门店数、到期日与宽限期、增值服务、续费 1–3 年、订单记录、申请发票），
 * 以及项目商城的产品页 `sms`、`web-phone`、`enterprise-wechat`、`insurance-analysis`、`customer-analysis`（功能说明、示意图、套餐价格、当前余量或有效期）。
 * 共用收银台：服务器报价快照、微信支付/支付宝二维码、轮询到账后显示「开通成功」。人人可看价格，只有总部管理员能购买。
 *
 * @title 商城
 * @summary 价格商城、项目商城与续费套餐。
 */
define('garage-mall', Mall, {
  props: {
    /** 显示哪一页：`pricing` 价格商城（默认）、`package` 续费套餐，或项目商城的 `sms`、`web-phone`、`enterprise-wechat`、`insurance-analysis`、`customer-analysis`。 */
    kind: 'string',
  },
  styles: mallStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-mall': WidgetElement<MallProps>;
  }
}
