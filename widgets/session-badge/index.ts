import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { SessionBadge } from './SessionBadge';
import { styles } from './styles';

/**
 * 当前登录的是谁、在哪家门店，例如放在企业微信侧边栏或合作方页面上；单独嵌入时自己完成一次启动来读取姓名和门店。
 *
 * @title 账号徽标
 * @summary 显示当前登录的用户和门店。
 * @csspart badge - 徽标本身。
 */
define('garage-session-badge', SessionBadge, { styles, signedOut: 'compact' });

declare global {
  interface HTMLElementTagNameMap {
    'garage-session-badge': WidgetElement;
  }
}
