/**
 * A link into our app (功能介绍's 去使用, 商城's 去短信营销…): inside the host app its router moves
 * there (`garage-navigate`); on a partner's page the link opens our app at our origin (that of
 * `api-base`) in a new tab.
 */
import type { MouseEvent, ReactNode } from 'react';
import { getConfig } from '../config';
import { navigate } from '../navigate';

/** A path of our app at our app's origin (that of `api-base`): where the link leads on a partner's page. */
export function appUrl(path: string): string {
  try {
    return new URL(path, new URL(getConfig().mainBase, window.location.href)).href;
  } catch {
    return path;
  }
}

export function AppLink({ path, className, label, children, host }: { path: string; className: string; label?: string; children: ReactNode; host?: HTMLElement }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (navigate(path, host)) event.preventDefault();
  };
  return <a className={className} href={appUrl(path)} target="_blank" rel="noopener" aria-label={label} onClick={follow}>{children}</a>;
}
