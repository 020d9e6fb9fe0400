import { define, type WidgetElement } from '../core/base';
import { VersionNotice, type VersionNoticeProps } from './VersionNotice';
import { versionNoticeStyles } from './styles';

/**
 * 定时读取服务器的 version.json；发布了新版本时提示用户，倒计时结束自动刷新页面（也可立即刷新）。
 *
 * @title 版本更新提示
 * @summary 发布新版本后提示用户，并在倒计时结束时自动刷新。
 */
define('garage-version-notice', VersionNotice, {
  props: {
    /** 自动刷新前的倒计时秒数，默认 100。 */
    countdownSeconds: 'number',
    /** 检查新版本的间隔秒数，默认 5。 */
    pollSeconds: 'number',
  },
  styles: versionNoticeStyles,
  signedOut: 'widget',
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-version-notice': WidgetElement<VersionNoticeProps>;
  }
}
