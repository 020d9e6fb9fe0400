import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { OrgStructure } from './OrgStructure';
import { orgStructureStyles } from './styles';

/**
 * 部门树（新建、改名、拖动或用上移/下移/移到…调整层级、删除空部门）与各部门员工；选中的部门写入会话的 activeDepartmentId。仅管理员可用；只有总部管理员能改动部门，门店管理员调整本门店员工的部门。
 *
 * @title 组织架构
 * @summary 部门层级与每个部门的员工。
 */
define('garage-org-structure', OrgStructure, { styles: orgStructureStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-org-structure': WidgetElement;
  }
}
