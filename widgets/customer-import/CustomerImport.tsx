import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/progress-bar/progress-bar.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import { IMPORT_KINDS, type ImportKind } from '../../contracts/rules/import-task';
import type { WidgetProps } from '../core';
import { ImportFlow } from './ImportFlow';
import { PotentialList } from './PotentialList';
import { messages } from './messages';

export interface CustomerImportProps {
  kind?: string;
}

/** kind="customer": the import page. kind="policy": insurance policies (保险查询 › 批量导入保单). kind="potential": 潜在客户 with its list and the same import, as two tabs. */
export function CustomerImport({ kind, host }: CustomerImportProps & WidgetProps) {
  const chosen: ImportKind = IMPORT_KINDS.includes(kind as ImportKind) ? (kind as ImportKind) : 'customer';
  if (chosen === 'customer') return <ImportFlow kind="customer" />;
  // 保单: the same steps; reached from 保险查询's 批量导入保单, and leads back there.
  if (chosen === 'policy') return <ImportFlow kind="policy" host={host} />;
  return (
    <sl-tab-group className="tabs">
      <sl-tab slot="nav" panel="list">{messages.tabs.list}</sl-tab>
      <sl-tab slot="nav" panel="import">{messages.tabs.import}</sl-tab>
      <sl-tab-panel name="list"><PotentialList host={host} /></sl-tab-panel>
      <sl-tab-panel name="import"><ImportFlow kind="potential" /></sl-tab-panel>
    </sl-tab-group>
  );
}
