import { define } from '../core';
import { CustomerBoard } from './CustomerBoard';
import { customerBoardStyles } from './styles';

define('garage-customer-board', CustomerBoard, { styles: customerBoardStyles });
