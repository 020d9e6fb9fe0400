/**
 * The host app's own server calls (top bar and password dialog). Paths are the spec's; the
 * parameter names are the server's (server/README.md). List answers go through the core's
 * setGarageList/setStoreList, which normalise them.
 */
import { http } from './core';

export const hostApi = {
  switchableGarages: () => http.main.get<unknown>('/garage/switchable-list'),
  switchGarage: (garageId: string | number) => http.main.put<unknown>('/garage/switch', undefined, { params: { garageId } }),
  storeCounts: () => http.main.get<unknown>('/client/count/store'),
  selectStores: (storeIds: string[]) => http.main.put<unknown>('/user/store-ids', undefined, { params: { storeIds: storeIds.join(',') } }),
  logout: () => http.main.post<unknown>('/user/logout', undefined, { silent: true, allowDuplicate: true }),
  updatePassword: (oldPassword: string, newPassword: string) =>
    http.main.post<unknown>('/user/pwd/update', undefined, { params: { oldPassword, newPassword } }),
};
