import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { FeatureIntro } from './FeatureIntro';
import { featureIntroStyles } from './styles';

/**
 * 门店管家各功能模块的介绍：做什么、谁在用、现在能用什么、哪些即将上线；「去使用」只对有权限的模块可点，其他模块写明需要的权限；「查看使用帮助」打开对应的帮助文章。内容来自 contracts/feature-tour.ts。
 *
 * @title 功能介绍
 * @summary 各功能模块的介绍与上手入口。
 * @fires garage-navigate - 点「去使用」或「查看使用帮助」时派发 `{ path }`；页面不处理时在新标签页打开门店管家。
 */
define('garage-feature-intro', FeatureIntro, { styles: featureIntroStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-feature-intro': WidgetElement;
  }
}
