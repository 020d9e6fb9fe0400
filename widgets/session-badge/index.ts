import { define } from '../core';
import { SessionBadge } from './SessionBadge';
import { styles } from './styles';

define('garage-session-badge', SessionBadge, { styles });
