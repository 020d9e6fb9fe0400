import { define, type WidgetElement } from '../core/base';
import { LoginForm, type LoginFormProps } from './LoginForm';
import { loginStyles } from './styles';

/**
 * 账号密码、手机验证码登录；企业微信侧边栏里带着授权码打开时自动登录。登录后完成启动
 * （用户、门店、菜单），同页其他组件随即共享这个会话。
 *
 * @title 登录
 * @summary 账号密码、手机验证码与企业微信登录，登录后与同页其他组件共享会话。
 * 单独放在合作方页面上时（没有人处理 `garage-navigate`），登录后显示“已登录”和退出按钮；
 * 会话结束时（退出或登录过期）核心在 document 上派发 `garage-logged-out`。
 *
 * @fires garage-logged-in - 登录并完成启动后、跳转前派发，`detail` 带令牌、用户 id、姓名和门店 id；同页其他组件随即显示数据。
 * @fires garage-navigate - 登录成功后派发，`detail.path` 是 `redirect` 属性的地址；没有人处理（调用 preventDefault）时显示已登录状态。
 */
define('garage-login', LoginForm, {
  props: {
    /** 登录后要去的页面地址，默认 `/home/workKanBan`。 */
    redirect: 'string',
  },
  styles: loginStyles,
  signedOut: 'widget',
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-login': WidgetElement<LoginFormProps>;
  }
}
