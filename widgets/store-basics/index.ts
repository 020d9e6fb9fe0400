import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: the icons of the buttons come from here.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { StoreBasics } from './StoreBasics';
import { storeBasicsStyles } from './styles';

/**
 * 总部与各门店的资料：名称、简称、省市区与详细地址、电话、营业时间、工位数、营业执照号（统一社会信用代码）、开业日期。
 * 管理员修改其数据范围内的门店；总部管理员新增、关闭（可迁移客户）和重新启用门店。改动立即出现在门店选择中，并记入操作日志。
 *
 * @title 门店基础信息
 * @summary 维护门店资料，新增与关闭门店。
 */
define('garage-store-basics', StoreBasics, { styles: storeBasicsStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-store-basics': WidgetElement;
  }
}
