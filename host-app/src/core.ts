/**
 * The host app's only door to the shared core (widgets/core, see its README), so a change of the
 * core's surface is absorbed here and not in every page.
 */
export {
  session, login, logout, bootstrap, hasPermission, getToken, http, toast, navigate, useValue, signal,
  setStoreList, setGarageList, isCancelled,
} from '../../widgets/core';
