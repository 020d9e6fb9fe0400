import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { SmsMarketing, type SmsMarketingProps } from './SmsMarketing';
import { smsMarketingStyles } from './styles';

/**
 * 短信营销：按客户分组、已保存条件或选中的客户群发短信；模板（保养提醒、续保提醒、营销活动、通知）带变量和审核状态，
 * 短信签名【…】；发送前预览、按签名+正文+退订用语计字数和条数、显示消耗与余额；营销短信只在 08:00–21:00 发出，
 * 剔除已退订号码；发送记录可暂停、取消，逐条查看已提交/已送达/失败，并有送达与 30 天到店转化报告。
 *
 * @title 短信营销
 * @summary 群发保养、续保和活动短信，查看送达和到店转化。
 * @fires garage-navigate - 余额不足去购买短信时派发，`detail.path` 是短信购买页地址；设了 `view` 时，发送后去发送记录页（`?campaign=`）、模板「使用」去发送短信页（`?templateId=`）也派发。
 */
define('garage-sms-marketing', SmsMarketing, {
  props: {
    /** 发送给这些客户（客户 id，逗号分隔），如客户列表勾选后「发短信」；页面地址里的 `?customerIds=` 也可以。 */
    customerIds: 'string',
    /** 只显示一部分、不显示标签栏：`send` 发送短信、`templates` 短信模板、`records` 发送记录、`optOuts` 退订名单、`consents` 授权来源；不设时为带标签栏的完整页面。 */
    view: 'string',
  },
  styles: smsMarketingStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-sms-marketing': WidgetElement<SmsMarketingProps>;
  }
}
