/**
 * 发送记录: every campaign with its progress, pause / continue / cancel, and one campaign's
 * recipients whose states (已提交 → 已送达 / 失败 with the reason) arrive while the page polls;
 * its report (with a chart) loads only when opened.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled, toast, useBusyAction, useDialogClose, useLazyDialogs, DialogFooter } from '../core';
import { RECIPIENT_STATE_LABELS, type RecipientState } from '../../contracts/sms';
import { smsApi, type Campaign, type CampaignDetail, type CampaignPage, type RecipientPage } from './api';
import { messages } from './messages';
import { shortTime } from './when';
import { garageTime } from '../core/clock';

/** How often a running campaign is read again (receipts arrive within seconds from the SMSC). */
const POLL_MS = 2000;
/** Recipients per page (api.ts recipients). */
const RECIPIENT_PAGE = 50;
const Report = lazy(() => import('./Report'));
/** Receipts usually arrive within seconds, but an SMSC may take hours: after sending the page asks less often. */
const RECEIPT_POLL_MS = 5000;
/** Submitted texts whose receipt has not come yet (the campaign is 已完成 before the last receipts). */
const awaitingReceipts = (campaign: Campaign) => campaign.processed - campaign.delivered - campaign.failed - campaign.skipped > 0;
const isLive = (campaign: Campaign) => campaign.state === 'running' || campaign.state === 'scheduled' || awaitingReceipts(campaign);
const pollDelay = (campaign: Campaign) => (campaign.state === 'running' ? POLL_MS : RECEIPT_POLL_MS);

/** Reads `read` now and again after `delay` while `live` says so; a stale answer never overwrites a newer one. */
function usePolled<T>(read: () => Promise<T>, deps: readonly unknown[], live: (value: T) => boolean, delay: (value: T) => number = () => POLL_MS) {
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  const load = useCallback(() => {
    const mine = ++asked.current;
    setFailed(false);
    read().then(
      (answer) => mine === asked.current && setValue(answer),
      (error: unknown) => mine === asked.current && !isCancelled(error) && setFailed(true),
    );
  }, deps);
  useEffect(load, [load]);
  useEffect(() => {
    if (value === null || !live(value)) return;
    const timer = setTimeout(load, delay(value));
    return () => clearTimeout(timer);
  }, [value, load]);
  return { value, failed, load };
}

export function Campaigns({ opened, onOpen }: { opened: number | null; onOpen(id: number | null): void }) {
  return opened === null ? <CampaignList onOpen={onOpen} /> : <CampaignView id={opened} onBack={() => onOpen(null)} />;
}

function Progress({ campaign }: { campaign: Campaign }) {
  const whole = Math.max(1, campaign.total);
  const width = (part: number) => `${(part / whole) * 100}%`;
  return (
    <span className="progress">
      <span className="bar" role="progressbar" aria-label={messages.columns.progress} aria-valuemin={0} aria-valuemax={campaign.total} aria-valuenow={campaign.processed}>
        <span className="ok" style={{ width: width(campaign.delivered) }}></span>
        {/* Submitted, receipt still to come. */}
        <span className="sent" style={{ width: width(Math.max(0, campaign.processed - campaign.delivered - campaign.failed - campaign.skipped)) }}></span>
        <span className="bad" style={{ width: width(campaign.failed) }}></span>
      </span>
      <span className="muted figure">
        {messages.progress(campaign.processed, campaign.total)} · {messages.figures.delivered} {campaign.delivered} · {messages.figures.failed} {campaign.failed}
      </span>
    </span>
  );
}

type CancelDialog = { type: 'cancel'; campaign: Campaign };

/** 暂停 / 继续 / 取消发送 of one campaign; `onChanged` gets the campaign as the server now has it. */
function CampaignActions({ campaign, onChanged }: { campaign: Campaign; onChanged(campaign: Campaign): void }) {
  const [busy, run] = useBusyAction();
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<CancelDialog>(() => import('./dialog-parts'));
  const act = (call: (id: number) => Promise<Campaign>, said: (name: string) => string) =>
    run(async () => {
      const changed = await call(campaign.id);
      toast.success(said(changed.name));
      onChanged(changed);
    });
  return (
    <>
      {campaign.state === 'running' || campaign.state === 'scheduled' ? (
        <sl-button size="small" variant="text" disabled={busy} onClick={() => act(smsApi.pause, messages.paused)}>{messages.pause}</sl-button>
      ) : null}
      {campaign.state === 'paused' ? (
        <sl-button size="small" variant="text" disabled={busy} onClick={() => act(smsApi.resume, messages.resumed)}>{messages.resume}</sl-button>
      ) : null}
      {campaign.state !== 'done' && campaign.state !== 'cancelled' ? (
        <sl-button size="small" variant="text" className="danger" disabled={busy} onClick={() => setDialog({ type: 'cancel', campaign })}>{messages.cancelCampaign}</sl-button>
      ) : null}
      {partsReady && dialog ? (
        <ConfirmCancel campaign={dialog.campaign} onClose={closeIf('cancel')} onCancelled={onChanged} />
      ) : null}
    </>
  );
}

function ConfirmCancel({ campaign, onClose, onCancelled }: { campaign: Campaign; onClose(): void; onCancelled(campaign: Campaign): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();
  const cancel = () =>
    run(async () => {
      const changed = await smsApi.cancel(campaign.id);
      toast.success(messages.cancelled(changed.name));
      onCancelled(changed);
      close();
    });
  return (
    <sl-dialog ref={ref} open label={messages.cancelTitle}>
      <p>{messages.cancelText(campaign.name)}</p>
      <DialogFooter confirmLabel={messages.confirmCancel} variant="danger" busy={busy} onConfirm={cancel} onCancel={close} />
    </sl-dialog>
  );
}

function CampaignList({ onOpen }: { onOpen(id: number): void }) {
  const [page, setPage] = useState(1);
  const { value: data, failed, load } = usePolled<CampaignPage>(() => smsApi.campaigns(page), [page], (answer) => answer.list.some(isLive),
    (answer) => (answer.list.some((campaign) => campaign.state === 'running') ? POLL_MS : RECEIPT_POLL_MS));
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / 20));
  if (failed && !data) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }
  if (data && data.total === 0) return <div className="state"><p>{messages.campaignsEmpty}</p></div>;
  return (
    <>
      <ul className="list" aria-busy={data === null} aria-label={messages.tabs.records}>
        <li className="campaign titles" aria-hidden="true">
          <span>{messages.columns.name}</span>
          <span>{messages.columns.state}</span>
          <span>{messages.columns.progress}</span>
          <span>{messages.columns.when}</span>
          <span></span>
        </li>
        {data?.list.map((campaign) => (
          <li key={campaign.id} className="campaign" data-campaign={campaign.name}>
            <span className="who">
              <strong>{campaign.name}</strong>
              <span className="muted small">{campaign.categoryName} · {campaign.templateName} · {messages.createdBy(campaign.createdBy)}</span>
            </span>
            <span className="cstate"><span className="st" data-state={campaign.state}>{campaign.stateName}</span></span>
            <Progress campaign={campaign} />
            <span className="when muted">{campaign.state === 'scheduled' ? messages.scheduledFor(shortTime(campaign.sendAt)) : garageTime(campaign.sendAt)}</span>
            <span className="actions">
              <sl-button size="small" variant="text" onClick={() => onOpen(campaign.id)}>{messages.details}</sl-button>
              <CampaignActions campaign={campaign} onChanged={load} />
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="toolbar">
          <span className="muted small">{messages.pageOf(page, pages, data?.total ?? 0)}</span>
          <span>
            <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>{' '}
            <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
          </span>
        </div>
      ) : null}
    </>
  );
}

function CampaignView({ id, onBack }: { id: number; onBack(): void }) {
  const [state, setState] = useState<RecipientState | ''>('');
  const [page, setPage] = useState(1);
  const [report, setReport] = useState(false);
  const { value: campaign, failed, load } = usePolled<CampaignDetail>(() => smsApi.campaign(id), [id], isLive, pollDelay);
  // Recipients are read with the campaign while it runs, and once more when it has just finished (the last receipts).
  const live = campaign !== null && isLive(campaign);
  const { value: recipients, load: loadRecipients } = usePolled<RecipientPage>(() => smsApi.recipients(id, page, state || undefined), [id, state, page], () => live, () => (campaign ? pollDelay(campaign) : POLL_MS));
  useEffect(() => {
    if (campaign && !live) loadRecipients();
  }, [campaign?.state, campaign?.processed, campaign?.delivered]);

  if (failed && !campaign) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '14px' }} aria-busy={campaign === null}>
      <div>
        <button type="button" className="link" onClick={onBack}>← {messages.back}</button>
      </div>
      {campaign ? (
        <section className="card" aria-labelledby="sms-campaign" data-campaign-detail={campaign.name}>
          <div className="detail-head">
            <div>
              <h3 id="sms-campaign">{campaign.name} <span className="st" data-state={campaign.state} data-testid="campaign-state">{campaign.stateName}</span></h3>
              <p className="muted small">
                {campaign.categoryName} · {campaign.templateName} · {campaign.state === 'scheduled' ? messages.scheduledFor(shortTime(campaign.sendAt)) : garageTime(campaign.sendAt)}
              </p>
            </div>
            <span className="actions">
              <sl-button size="small" variant={report ? 'default' : 'primary'} onClick={() => setReport(!report)}>{messages.report}</sl-button>
              <CampaignActions campaign={campaign} onChanged={load} />
            </span>
          </div>
          <Progress campaign={campaign} />
          <div className="bubble">{campaign.sampleText}</div>
          {live ? <p className="muted small" role="status">{messages.live}</p> : null}
        </section>
      ) : null}
      {campaign && report ? (
        <Suspense fallback={<div className="state"><p>{messages.reportLoading}</p></div>}>
          <Report id={campaign.id} refreshKey={`${campaign.processed}/${campaign.delivered}/${campaign.failed}`} />
        </Suspense>
      ) : null}
      <section className="card" aria-labelledby="sms-recipients-title">
        <div className="toolbar">
          <h3 id="sms-recipients-title">{messages.recipientsTitle}</h3>
          <ul className="chips" aria-label={messages.columns.state}>
            {(['', 'submitted', 'delivered', 'failed'] as const).map((each) => (
              <li key={each || 'all'}>
                <button type="button" className="chip" aria-pressed={state === each} onClick={() => (setState(each), setPage(1))}>
                  {each ? RECIPIENT_STATE_LABELS[each] : messages.allStates}
                </button>
              </li>
            ))}
          </ul>
        </div>
        {recipients && recipients.total === 0 ? (
          <p className="muted">{messages.recipientsEmpty}</p>
        ) : (
          <ul className="list" aria-label={messages.recipientsTitle} aria-busy={recipients === null}>
            <li className="recipient titles" aria-hidden="true">
              <span>{messages.recipientColumns.customer}</span>
              <span>{messages.recipientColumns.mobile}</span>
              <span>{messages.recipientColumns.state}</span>
              <span>{messages.recipientColumns.reason}</span>
              <span>{messages.recipientColumns.at}</span>
            </li>
            {recipients?.list.map((recipient) => (
              <li key={recipient.id} className="recipient" data-recipient={recipient.customerName} data-customer={recipient.customerId} data-state={recipient.state}>
                <span className="who">{recipient.customerName}</span>
                <span className="mobile figure">{recipient.mobile}</span>
                <span className="rstate"><span className="st" data-state={recipient.state}>{recipient.stateName}</span></span>
                <span className="reason">{recipient.reason}</span>
                <span className="at muted figure">{garageTime(recipient.doneAt ?? recipient.submittedAt)}</span>
              </li>
            ))}
          </ul>
        )}
        {recipients && recipients.total > RECIPIENT_PAGE ? (
          <div className="toolbar">
            <span className="muted small">{messages.pageOf(page, Math.ceil(recipients.total / RECIPIENT_PAGE), recipients.total)}</span>
            <span>
              <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>{' '}
              <sl-button size="small" disabled={page * RECIPIENT_PAGE >= recipients.total} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
            </span>
          </div>
        ) : null}
      </section>
    </div>
  );
}
