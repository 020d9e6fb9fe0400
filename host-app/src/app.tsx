import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './shoelace';
import { createRouter } from './router';
import { getToken } from './core';
import { isPublicPath } from './routes';
import { loadWidget } from './widgets';

/** The routed app (router.tsx): every page, its layout, Shoelace. */
export function renderApp(root: Root) {
  // The phone bar's code beside the page's own chunks rather than after the first render: its notice
  // is often the largest text of a signed-in first screen (root/RootView.tsx mounts it).
  if (getToken() && !isPublicPath(window.location.pathname)) {
    loadWidget('phone-bar', 'garage-phone-bar').catch(() => undefined);
  }
  // A transition: rendered in slices that yield to the page, the HTML's loading mask shown meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={createRouter()} />
      </StrictMode>,
    );
  });
}
