import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { PotentialCustomers } from './list';

/**
 * 潜在客户：尚未到店的意向客户，按状态（待跟进/跟进中/已到店/无效）、负责人、来源、关键字和「今日待跟进」筛选；
 * 新增、记录跟进（含历史）、批量分配负责人、转为客户。同手机号或车牌的客户到店后自动转为客户，跟进记录保留。
 * 查看按数据范围开放给所有已登录员工；改动需要「客户导入」权限。
 *
 * @title 潜在客户
 * @summary 跟进尚未到店的潜在客户，批量分配并转为客户。
 */
define('garage-potential-customers', PotentialCustomers, {});

declare global {
  interface HTMLElementTagNameMap {
    'garage-potential-customers': WidgetElement;
  }
}
