/**
 * Builds the browser router from the route table (routes.ts). Every page is lazy: own pages are
 * separate chunks, widget pages load their widget folder first and fall back to 即将上线.
 */
import { createElement, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  HOME_PATH, LOGIN_PATH, helpsPage, homePages, publicPages, sections,
  type OwnPage, type PageRoute, type SectionRoute, type WidgetRef,
} from './routes';
import { loadWidget } from './widgets';
import { RootView } from './root/RootView';
import { RequireAuth } from './root/RequireAuth';
import { LoadingMask } from './root/LoadingMask';
import { RouteError } from './root/RouteError';

export interface RouteHandle {
  page?: PageRoute;
  section?: SectionRoute;
}

const ownPages: Record<OwnPage, () => Promise<{ default: ComponentType }>> = {
  login: () => import('./pages/LoginPage'),
  helps: () => import('./pages/HelpsPage'),
  privacy: () => import('./pages/PrivacyPage'),
  terms: () => import('./pages/TermsPage'),
  plugins: () => import('./pages/PluginsPage'),
  smsOverview: () => import('./pages/SmsOverviewPage'),
};

function widgetComponent(widget: WidgetRef): ComponentType {
  return function WidgetHost() {
    return createElement(widget.tag, { ...widget.attributes, class: 'page-widget' });
  };
}

function lazyPage(page: PageRoute) {
  return async () => {
    if (page.page) return { Component: (await ownPages[page.page]()).default };
    if (page.widget && (await loadWidget(page.widget.folder, page.widget.tag))) {
      return { Component: widgetComponent(page.widget) };
    }
    const { ComingSoonPage } = await import('./pages/ComingSoonPage');
    return { Component: () => createElement(ComingSoonPage, { page }) };
  };
}

/** Route path relative to its parent: the table keeps absolute paths, the router nests them. */
function relative(path: string, parent: string) {
  return path.slice(parent.length + 1);
}

function pageRoute(page: PageRoute, parent: string): RouteObject {
  return { path: relative(page.path, parent), lazy: lazyPage(page), handle: { page } satisfies RouteHandle };
}

function sectionRoute(section: SectionRoute): RouteObject {
  const index: RouteObject = section.redirectTo
    ? { index: true, element: <Navigate to={`${section.path}/${section.redirectTo}`} replace /> }
    : { index: true, lazy: lazyPage(section.index!), handle: { page: section.index } satisfies RouteHandle };
  return {
    path: relative(section.path, '/home'),
    lazy: async () => ({ Component: (await import('./layout/SectionLayout')).SectionLayout }),
    handle: { section } satisfies RouteHandle,
    children: [index, ...section.children.map((child) => pageRoute(child, section.path))],
  };
}

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    element: <RootView />,
    HydrateFallback: LoadingMask,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      { path: 'workKanban', element: <Navigate to={HOME_PATH} replace /> },
      ...publicPages.map((page) => pageRoute(page, '')),
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/MainLayout')).MainLayout }),
            children: [
              {
                path: 'home',
                children: [
                  { index: true, element: <Navigate to={HOME_PATH} replace /> },
                  ...homePages.map((page) => pageRoute(page, '/home')),
                  ...sections.map(sectionRoute),
                ],
              },
              pageRoute(helpsPage, ''),
              { path: '*', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }) },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
