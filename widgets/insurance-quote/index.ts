import { define, type WidgetElement } from '../core';
// The 「请先登录」 view: this element shows it itself (signedOut: 'widget'), except for a shared sheet.
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { InsuranceQuote, type QuoteProps } from './Quote';
import { quoteStyles } from './styles';

/**
 * 保险报价：一辆车的交强险按官方费率（地区类别 A–E、上年出险情况）实时计算，车船税按排量和省份，
 * 商业险（车损、三者、司机/乘客座位、附加险）按本连锁设置的各保险公司系数并排对比；保存到车辆的报价记录，
 * 打印 A4 报价单、保存为图片、生成有效期内免登录只读的分享链接。带 `share` 时（或在分享链接的页面上）
 * 只显示那一份报价单，无需登录。
 *
 * @title 保险报价
 * @summary 按官方费率和各保险公司系数报价，对比、保存、打印、分享。
 */
define('garage-insurance-quote', InsuranceQuote, {
  props: {
    /** 要报价的车辆 id；不设时读页面地址的 `?vehicleId=`，再没有就先按车牌查找车辆。 */
    vehicleId: 'string',
    /** 报价单分享链接里的令牌：设置后只读显示那一份报价单，无需登录。 */
    share: 'string',
  },
  styles: quoteStyles,
  signedOut: 'widget',
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-insurance-quote': WidgetElement<QuoteProps>;
  }
}
