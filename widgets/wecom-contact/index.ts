import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
// The card places <garage-maint-timeline> inside; registering it here keeps the card usable alone.
import '../maint-timeline';
import { WecomContact, type WecomContactProps } from './WecomContact';
import { wecomContactStyles } from './styles';

/**
 * 企业微信聊天侧边栏里的客户：当前聊天的外部联系人已绑定客户时，显示客户卡片（阶段、标签、最近到店、外呼）、
 * 车辆的下次保养与保险到期（可报价）、保养时间轴和快捷短信；未绑定时，搜索本人可见的客户绑定，或用联系人新建客户。
 *
 * @title 企业微信客户
 * @summary 侧边栏里当前聊天客户的卡片、保养时间轴、报价与短信；未绑定时搜索绑定或新建。
 * @fires garage-call - 点客户号码旁的「外呼」时派发，同页的 `<garage-phone-bar>` 接到后拨出。
 */
define('garage-wecom-contact', WecomContact, {
  props: {
    /** 企业微信外部联系人的 external_userid（侧边栏页面从 JS-SDK 的 getCurExternalContact 取得）。 */
    externalUserId: 'string',
  },
  styles: wecomContactStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-wecom-contact': WidgetElement<WecomContactProps>;
  }
}
