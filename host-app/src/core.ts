/**
 * The host app's only door to the shared core (widgets/core, see its README), so a change of the
 * core's surface is absorbed here and not in every page. The lean entry (core/base.ts): /login
 * loads no Shoelace through it; the app part loads Shoelace's core part itself (shoelace.ts).
 */
import { configure } from '../../widgets/core/base';

// Our own origin: the session lives under the spec's keys (user, mac, webPhone, VERSION) and logout
// clears the whole sessionStorage. The widgets' default elsewhere is namespaced keys (partner pages).
configure({ storage: 'spec-keys' });

export {
  session, login, logout, bootstrap, refreshAuthority, hasPermission, getToken, http, toast, navigate, useValue, signal,
  setStoreList, setGarageList, isCancelled, getConfig, stored, loadingState,
} from '../../widgets/core/base';
