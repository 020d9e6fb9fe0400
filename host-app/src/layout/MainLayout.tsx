import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { usePermissions } from '../auth';
import { useValue } from '../core';
import { findPage, menuGroupOf } from '../routes';
import { openTab, refreshCounts } from '../tabs';
import { messages } from '../messages';
import type { RouteHandle } from '../router';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { TabBar } from './TabBar';
import { useNarrowScreen } from './narrow';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

/** The signed-in frame: menu, top bar, tab bar and the page (or 暂无权限 when not allowed). */
export function MainLayout() {
  const mayOpen = usePermissions();
  const counts = useValue(refreshCounts);
  const location = useLocation();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const page = handles.reverse().find((handle) => handle?.page)?.page ?? findPage(location.pathname);
  const allowed = page ? mayOpen(page.path) : true;

  useEffect(() => {
    document.title = page ? `${page.title} - ${messages.brand}` : messages.brand;
    if (page && allowed) openTab(location.pathname, location.search);
  }, [page, allowed, location.pathname, location.search]);

  const refreshCount = page ? counts[page.path] ?? 0 : 0;
  // A page's code arriving (every page is a lazy chunk): the bar says the click was heard. Its data
  // arriving is the widget's own 加载中… (widgets/core/ui/styles.ts).
  const pageLoading = useNavigation().state === 'loading';

  // Phone width: the menu is a drawer, mounted with its first opening (nothing of it in the first paint).
  const narrow = useNarrowScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const openMenu = useCallback(() => {
    setMenuMounted(true);
    setMenuOpen(true);
  }, []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => setMenuOpen(false), [location.pathname, narrow]);

  return (
    <div className="shell">
      {!narrow && <Sidebar />}
      {narrow && menuMounted && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <div className="shell__main">
        <TopBar
          title={page?.title}
          group={page && menuGroupOf(page.path) !== page.title ? menuGroupOf(page.path) : undefined}
          onOpenMenu={narrow ? openMenu : undefined}
          menuOpen={menuOpen}
        />
        {!narrow && <TabBar activePath={page?.showTab ? page.path : undefined} />}
        {pageLoading && <div className="page-progress" role="progressbar" aria-label={messages.pageLoading} data-testid="page-progress" />}
        <main className="shell__content" key={`${page?.path ?? location.pathname}#${refreshCount}`}>
          {allowed ? <Outlet /> : <ForbiddenPage title={page?.title} />}
        </main>
      </div>
    </div>
  );
}
