import { define } from '../core';
import { CustomerGroups } from './CustomerGroups';
import { customerGroupsStyles } from './styles';

define('garage-customer-groups', CustomerGroups, { styles: customerGroupsStyles });
