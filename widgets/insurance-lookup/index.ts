import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { InsuranceLookup } from './Lookup';
import { lookupStyles } from './styles';

/**
 * 保险查询与续保跟进：按车牌、车架号、姓名或手机号查保单；续保名单按到期区间（已脱保、7/30/60/90 天内到期）
 * 和跟进状态（待跟进/已联系/已报价/已续保/战败）筛选，记录跟进、批量分配负责人；从每一行打电话、发续保短信、去报价。
 * 按数据范围开放给有「保险」权限的员工。
 *
 * @title 保险查询
 * @summary 查保单，按到期时间跟进续保直到续保或战败。
 * @fires garage-navigate - 去发短信、报价或看全景车辆时派发，`detail.path` 是目标地址。
 * @fires garage-call - 点「打电话」时派发，同页的 `<garage-phone-bar>` 接到后拨出。
 */
define('garage-insurance-lookup', InsuranceLookup, { styles: lookupStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-insurance-lookup': WidgetElement;
  }
}
