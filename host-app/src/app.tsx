import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './shoelace';
import { createRouter } from './router';

/** The routed app (router.tsx): every page, its layout, Shoelace. */
export function renderApp(root: Root) {
  // A transition: rendered in slices that yield to the page, the HTML's loading mask shown meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={createRouter()} />
      </StrictMode>,
    );
  });
}
