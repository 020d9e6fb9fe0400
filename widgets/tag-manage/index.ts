import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js';
import { TagManage } from './TagManage';
import { tagManageStyles } from './styles';

/**
 * 按标签组新建、编辑、删除和合并客户标签，标签为全部门店共用；标签用于客户列表的筛选。
 *
 * @title 标签管理
 * @summary 维护客户标签。
 */
define('garage-tag-manage', TagManage, { styles: tagManageStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-tag-manage': WidgetElement;
  }
}
