import { define } from '../core';
import { CustomerList } from './CustomerList';
import { customerListStyles } from './styles';

define('garage-customer-list', CustomerList, { props: { storeId: 'string', condition: 'json' }, styles: customerListStyles });
