/** The store list with customer counts (the batch import's task-config is in routes/import.ts). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/garage';
import { storesWithCustomerCounts } from '../repositories/stores';

export default async function storeRoutes(app: FastifyInstance) {
  serve(app, calls.storeCustomerCounts, async (_input, request) => {
    const stores = await storesWithCustomerCounts(app.db, request.scope);
    const selected = new Set(request.auth.selectedStoreIds);
    return ok(stores.map((store) => ({ code: String(store.id), storeNo: store.code, name: store.name, count: store.count, selected: selected.has(store.id) })));
  });
}
