import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './shoelace';
import { createRouter } from './router';

/** The routed app (router.tsx): every page, its layout, Shoelace. */
export function renderApp(root: Root) {
  root.render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}
