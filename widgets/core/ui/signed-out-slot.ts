/**
 * Where define() finds the 「请先登录」 view. Widgets that show data import `../core/signed-out`,
 * which fills this in; the login form and the version notice (shown signed out anyway) do not, so
 * /login does not download it. Without it a signed-out element renders nothing — its data is
 * still gone at once.
 */
import type { ComponentType } from 'react';

export type SignedOutView = 'notice' | 'compact' | 'widget';

export const signedOutSlot: {
  view: ComponentType<{ view: Exclude<SignedOutView, 'widget'>; host?: HTMLElement; passwordFirst?: boolean }> | null;
  css: string;
} = { view: null, css: '' };
