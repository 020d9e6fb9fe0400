/** Texts of <garage-feature-intro> (功能介绍); the areas themselves are in contracts/feature-tour.ts. */
import type { FeatureStatus } from '../../contracts/feature-tour';

export const messages = {
  title: '功能介绍',
  subtitle: '门店管家的每个功能模块：做什么、谁在用、现在能用什么。',
  status: { live: '已上线', partial: '部分上线', soon: '即将上线' } satisfies Record<FeatureStatus, string>,
  audience: '适合',
  available: '现在可以用',
  coming: '即将上线',
  go: '去使用',
  goTo: (title: string) => `去使用${title}`,
  help: '查看使用帮助',
  // Starts with the visible words, so a spoken command 「查看使用帮助」 finds it (WCAG 2.5.3).
  helpFor: (title: string) => `查看使用帮助（${title}）`,
  needs: (permission: string) => `需要「${permission}」权限，请联系管理员在「权限管理」中开通。`,
  soon: '该模块即将上线，上线后可从这里直接进入。',
};
