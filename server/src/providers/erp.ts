/**
 * The garage's ERP (F6, 云修, 开车宝 …): binding checks the account with the ERP, syncing pulls what
 * changed since the last sync. A deployment plugs in its ERP's adapter (buildApp's `providers.erp`);
 * without one, production refuses with a reason and development uses a local stand-in that accepts
 * the password `erp123456` for any account and has nothing to sync.
 */
import { ApiError, Code } from '../http/envelope';

export interface ErpAccount {
  erpType: string;
  account: string;
  password: string;
  storeCode: string;
}

export interface ErpSync {
  customers: number;
  orders: number;
}

export interface ErpProvider {
  readonly name: string;
  /** The ERP's name of the store the account opens; throws ApiError when the ERP refuses the account. */
  verify(account: ErpAccount): Promise<{ storeName: string }>;
  /** Pulls what changed since `since` (null: everything); answers how much came in. */
  sync(binding: { erpType: string; account: string; storeCode: string; since: Date | null }): Promise<ErpSync>;
}

export function unconfiguredErp(): ErpProvider {
  const refuse = async (): Promise<never> => {
    throw new ApiError(Code.unavailable, 'ERP 对接尚未开通，请联系门店管家客服配置');
  };
  return { name: 'unconfigured', verify: refuse, sync: refuse };
}

export const DEVELOPMENT_ERP_PASSWORD = 'erp123456';

export function developmentErp(): ErpProvider {
  return {
    name: 'development-erp',
    async verify({ account, password, storeCode }) {
      if (password !== DEVELOPMENT_ERP_PASSWORD) throw new ApiError(Code.badInput, 'ERP 账号或密码不正确');
      return { storeName: `${storeCode || account} 门店（开发用 ERP）` };
    },
    async sync() {
      return { customers: 0, orders: 0 };
    },
  };
}
