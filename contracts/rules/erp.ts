/** The ERPs a garage can bind (系统设置 › ERP 对接), without zod so widgets can import them. */
export const ERP_TYPES = ['f6', 'yunxiu', 'kaiche', 'other'] as const;
export type ErpType = (typeof ERP_TYPES)[number];
/** What garage staff call each ERP. */
export const ERP_TYPE_NAMES: Record<ErpType, string> = { f6: 'F6 汽车科技', yunxiu: '云修', kaiche: '开车宝', other: '其他 ERP' };
