/**
 * TODO(issue 13): placeholder for the 潜在客户 list. Helper "potential" builds it as
 * widgets/potential-customers (branch `potential`); the lead replaces this component with that
 * one when the branches merge. Until then the tab says the list is coming and points to 批量导入.
 */
import { messages } from './messages';

export function PotentialList({ onImport }: { onImport(): void }) {
  return (
    <div className="state placeholder" data-testid="potential-placeholder">
      <p><strong>{messages.placeholder.title}</strong></p>
      <p className="muted">{messages.placeholder.text}</p>
      <sl-button size="small" onClick={onImport}>{messages.tabs.import}</sl-button>
    </div>
  );
}
