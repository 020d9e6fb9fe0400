import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { JobPool } from './JobPool';
import { jobPoolStyles } from './styles';

/**
 * 岗位（前台/服务顾问、技师、店长、财务及自定义岗位）、各岗位的默认角色与在岗人数；在权限管理新建员工时按岗位预填角色。仅管理员可用，只有总部管理员能改动岗位。
 *
 * @title 岗位池
 * @summary 岗位及其默认角色。
 */
define('garage-job-pool', JobPool, { styles: jobPoolStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-job-pool': WidgetElement;
  }
}
