import { useCallback, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { session, useValue, usePageData, type WidgetProps } from '../core';
import { smsApi, type Audiences, type Settings, type Template } from './api';
import { Composer } from './Composer';
import { Campaigns } from './Campaigns';
import { Templates } from './Templates';
import { Consents, OptOuts } from './Compliance';
import { messages } from './messages';

export interface SmsMarketingProps {
  /** Customer ids, comma separated (the customer list's 发短信). */
  customerIds?: string;
}

type Tab = 'send' | 'templates' | 'records' | 'optOuts' | 'consents';
const TABS: Tab[] = ['send', 'templates', 'records', 'optOuts', 'consents'];

/** What the page loads once: settings (signature, balance), templates, and the groups and saved conditions. */
export interface SmsPageData {
  settings: Settings;
  templates: Template[];
  audiences: Audiences;
}

/** The attribute, else ?customerIds= in the page address (the customer list navigates with it). */
function chosenCustomers(attribute: string | undefined): number[] {
  let raw = attribute ?? '';
  if (!raw && typeof window !== 'undefined') raw = new URLSearchParams(window.location.search).get('customerIds') ?? '';
  return [...new Set(raw.split(',').map((part) => Number(part.trim())).filter((id) => Number.isInteger(id) && id > 0))];
}

/** 短信营销: the tabs 发送短信 / 短信模板 / 发送记录 / 退订名单 / 授权来源 over one load of settings and templates. */
export function SmsMarketing({ customerIds, host }: SmsMarketingProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const [tab, setTab] = useState<Tab>('send');
  const [opened, setOpened] = useState<number | null>(null);
  const [startWith, setStartWith] = useState<Template | null>(null);
  const chosen = useMemo(() => chosenCustomers(customerIds), [customerIds]);
  const { data, failed, refused, load } = usePageData<SmsPageData>(token, async () => {
    const [settings, templates, audiences] = await Promise.all([smsApi.settings(), smsApi.templates(), smsApi.audiences()]);
    return { settings, templates, audiences };
  });

  const showCampaign = useCallback((id: number) => (setOpened(id), setTab('records'), load()), [load]);
  const useTemplate = useCallback((template: Template) => (setStartWith(template), setTab('send')), []);

  if (refused) return <div className="state" role="note"><p>{messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  return (
    <div className="sms">
      <header className="head">
        <h2>{messages.title}</h2>
        <p className="muted small">{messages.subtitle}</p>
      </header>
      <div className="tabs" role="tablist" aria-label={messages.title}>
        {TABS.map((each) => (
          <button key={each} type="button" role="tab" className="tab" id={`tab-${each}`} aria-selected={tab === each} aria-controls={`panel-${each}`}
            onClick={() => (setTab(each), each === 'records' && setOpened(null))}>
            {messages.tabs[each]}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} aria-busy={data === null}>
        {data === null ? null : tab === 'send' ? (
          <Composer data={data} chosen={chosen} startWith={startWith} host={host} onSent={showCampaign} onTemplatesChanged={load} />
        ) : tab === 'templates' ? (
          <Templates data={data} onChanged={load} onUse={useTemplate} />
        ) : tab === 'records' ? (
          <Campaigns opened={opened} onOpen={setOpened} />
        ) : tab === 'optOuts' ? (
          <OptOuts />
        ) : (
          <Consents />
        )}
      </section>
    </div>
  );
}
