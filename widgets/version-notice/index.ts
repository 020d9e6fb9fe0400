import { define } from '../core';
import { VersionNotice } from './VersionNotice';
import { versionNoticeStyles } from './styles';

define('garage-version-notice', VersionNotice, { props: { countdownSeconds: 'number', pollSeconds: 'number' }, styles: versionNoticeStyles });
