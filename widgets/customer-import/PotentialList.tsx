/**
 * The 潜在客户 tab: the list of widgets/potential-customers, loaded when the tab first shows so the
 * customer import (kind="customer") does not download it.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { WidgetProps } from '../core';
import { messages } from './messages';

type ListComponent = ComponentType<WidgetProps>;

export function PotentialList({ host }: WidgetProps) {
  const [List, setList] = useState<ListComponent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    import('../potential-customers/list')
      .then((module) => alive && setList(() => module.PotentialCustomers as ListComponent))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);
  if (List) return <List host={host} />;
  return (
    <div className="state" role="status" aria-busy={!failed}>
      {failed ? messages.potentialListFailed : <sl-spinner aria-label={messages.potentialListLoading} />}
    </div>
  );
}
