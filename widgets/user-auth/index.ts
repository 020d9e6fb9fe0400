import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: the icons of buttons and the matrix come from here.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { UserAuth } from './UserAuth';
import { userAuthStyles } from './styles';

/**
 * 员工账号、角色与权限矩阵、数据范围和操作日志。仅管理员可用；门店管理员只看到并管理本门店员工。
 *
 * @title 权限管理
 * @summary 为员工开通账号并分配角色、门店与数据范围。
 */
define('garage-user-auth', UserAuth, { styles: userAuthStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-user-auth': WidgetElement;
  }
}
