/**
 * The entry: the CSS of every page, then one of two parts. A first visit to /login (or /) gets the
 * login page alone (React, the lean core, the login widget) and the routed app loads when the user
 * leaves it; any other path loads the routed app (app.tsx) at once. See docs/DECISIONS.md,
 * "Login page speed".
 */
// First: it tells the core to keep the session under the spec's keys before anything reads it.
import './core';
import '@shoelace-style/shoelace/dist/themes/light.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import './root/startup';
import { LOGIN_PATH } from './paths';
import { renderLogin } from './root/LoginRoot';

const root = createRoot(document.getElementById('root')!);
const path = window.location.pathname.toLowerCase();

if (path === '/') window.history.replaceState(window.history.state, '', `${LOGIN_PATH}${window.location.search}`);
if (path === '/' || path === LOGIN_PATH) renderLogin(root);
else void import('./app').then(({ renderApp }) => renderApp(root));
