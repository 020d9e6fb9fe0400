/**
 * dist/garage-session.js: the public session API without any element — for a partner page that
 * embeds one element and wants its own 退出登录 button (or `configure`) without downloading the
 * whole product that dist/garage-widgets.js registers (charts, the phone). Same names, same shared
 * session as garage-widgets.js.
 */
export { session, login, logout, bootstrap, hasPermission, formatCallTimer, formatCountdown, configure, getConfig } from './core/base';
