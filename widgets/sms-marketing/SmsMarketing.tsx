import { useCallback, useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { DemoBadge, navigate, session, useValue, usePageData, type WidgetProps } from '../core';
import { smsApi, type Audiences, type Settings, type Template } from './api';
import { Composer } from './Composer';
import { Campaigns } from './Campaigns';
import { Templates } from './Templates';
import { Consents, OptOuts } from './Compliance';
import { messages } from './messages';
import { smsTemplateWish, wishedTemplate } from '../../contracts/rules/workbench';

export interface SmsMarketingProps {
  /** Customer ids, comma separated (the customer list's 发短信). */
  customerIds?: string;
  /** One part alone, without the tab strip: the host app's menu lists each part as a page. */
  view?: Tab;
}

export type Tab = 'send' | 'templates' | 'records' | 'optOuts' | 'consents';
const TABS: Tab[] = ['send', 'templates', 'records', 'optOuts', 'consents'];
/** The host app's pages of the parts a part leads to (a template to send with, a campaign just made). */
const SEND_PATH = '/home/sms/smsWork';
const RECORDS_PATH = '/home/sms/smsRecord';

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

/** A positive id in the page address (?templateId=, ?campaign=), else null. */
function idInAddress(name: string): number | null {
  const value = typeof window === 'undefined' ? NaN : Number(new URLSearchParams(window.location.search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * 短信营销: the tabs 发送短信 / 短信模板 / 发送记录 / 退订名单 / 授权来源 over one load of settings and
 * templates; with `view`, that part alone, and a move to another part goes to its page.
 */
export function SmsMarketing({ customerIds, view: asked, host }: SmsMarketingProps & WidgetProps) {
  const view = asked && TABS.includes(asked) ? asked : undefined;
  const token = useValue(session.usertoken);
  const [tab, setTab] = useState<Tab>(view ?? 'send');
  const [opened, setOpened] = useState<number | null>(() => (view === 'records' ? idInAddress('campaign') : null));
  const [startWith, setStartWith] = useState<Template | null>(null);
  const chosen = useMemo(() => chosenCustomers(customerIds), [customerIds]);
  const { data, failed, refused, load } = usePageData<SmsPageData>(token, async () => {
    const [settings, templates, audiences] = await Promise.all([smsApi.settings(), smsApi.templates(), smsApi.audiences()]);
    return { settings, templates, audiences };
  });

  // 使用 on the 短信模板 page leads here with ?templateId=, a task's 发短信 and 保险查询 with ?template=
  // (a task kind or a category: contracts/rules/workbench.ts): taken once, when the templates have come.
  const sending = !view || view === 'send';
  const [wantedTemplate, setWantedTemplate] = useState(() => (sending ? idInAddress('templateId') : null));
  const [wish] = useState(() => (sending && typeof window !== 'undefined' ? smsTemplateWish(new URLSearchParams(window.location.search).get('template')) : null));
  const [wishTaken, setWishTaken] = useState(false);
  useEffect(() => {
    if (!data || (!wantedTemplate && (!wish || wishTaken))) return;
    const template = wantedTemplate ? data.templates.find((each) => each.id === wantedTemplate && each.status === 'approved') : wishedTemplate(data.templates, wish!);
    if (template) setStartWith(template);
    setWantedTemplate(null);
    setWishTaken(true);
  }, [data, wantedTemplate, wish, wishTaken]);

  /** Another part: its page when the host routes it, else the tab here (a partner page). */
  const show = useCallback((next: Tab, path: string) => (view && navigate(path, host) ? undefined : setTab(next)), [view, host]);
  const showCampaign = useCallback((id: number) => (setOpened(id), show('records', `${RECORDS_PATH}?campaign=${id}`), load()), [load, show]);
  const useTemplate = useCallback((template: Template) => (setStartWith(template), show('send', `${SEND_PATH}?templateId=${template.id}`)), [show]);

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
        <h2>{view && view !== 'send' ? messages.tabs[view] : messages.title}{data?.settings.demo ? <DemoBadge why={messages.demo} /> : null}</h2>
        {view && view !== 'send' ? null : <p className="muted small">{messages.subtitle}</p>}
      </header>
      {view ? null : (
        <div className="tabs" role="tablist" aria-label={messages.title}>
          {TABS.map((each) => (
            <button key={each} type="button" role="tab" className="tab" id={`tab-${each}`} aria-selected={tab === each} aria-controls={`panel-${each}`}
              onClick={() => (setTab(each), each === 'records' && setOpened(null))}>
              {messages.tabs[each]}
            </button>
          ))}
        </div>
      )}
      <section {...(view ? {} : { role: 'tabpanel', id: `panel-${tab}`, 'aria-labelledby': `tab-${tab}` })} aria-busy={data === null}>
        {data === null ? null : tab === 'send' ? (
          <Composer data={data} chosen={chosen} startWith={startWith} category={wish?.category} host={host} onSent={showCampaign} onTemplatesChanged={load} />
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
