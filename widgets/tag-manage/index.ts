import { define } from '../core';
import { TagManage } from './TagManage';
import { tagManageStyles } from './styles';

define('garage-tag-manage', TagManage, { styles: tagManageStyles });
