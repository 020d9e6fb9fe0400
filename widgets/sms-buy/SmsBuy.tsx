/**
 * 短信购买: the SMS balance, the ledger's entries (purchases, campaign debits, refunds of failed
 * submissions) and the SMS packages, bought through the mall's own checkout (widgets/mall/Checkout):
 * one checkout, one set of order and payment rules.
 */
import { useCallback, useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { AppLink, DemoBadge, isCancelled, session, useLazyDialogs, usePageData, useValue, type WidgetProps } from '../core';
import { formatMinute, formatMoney, formatNumber } from '../core/formats';
import { mallApi, type Catalogue, type Order, type Purchase } from '../mall/api';
import { BuyButton, WhoBuys, type MallDialog } from '../mall/Mall';
import { Checkout } from '../mall/Checkout';
import { LEDGER_PAGE_SIZE, smsBuyApi, type LedgerPage } from './api';
import { messages } from './messages';

const SMS_WORK_PATH = '/home/sms/smsWork';
type CheckoutDialog = Extract<MallDialog, { type: 'checkout' }>;

export function SmsBuy({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const { data: catalogue, failed, load } = usePageData<Catalogue>(token, () => mallApi.catalogue());
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<CheckoutDialog>(() => import('../mall/dialog-parts'));
  const [page, setPage] = useState(1);
  const [ledger, setLedger] = useState<LedgerPage | null>(null);
  const [changes, setChanges] = useState(0);
  const [ledgerFailed, setLedgerFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    setLedgerFailed(false);
    smsBuyApi.ledger(page).then(
      (answer) => current && setLedger(answer),
      (error: unknown) => current && !isCancelled(error) && setLedgerFailed(true),
    );
    return () => void (current = false);
  }, [token, page, changes]);

  const changed = useCallback(() => (load(), setPage(1), setChanges((count) => count + 1)), [load]);
  const buy = (purchase: Purchase) => setDialog({ type: 'checkout', purchase, order: null as Order | null });

  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const balance = ledger?.balance.balance ?? catalogue?.current.ledgers.find((each) => each.kind === 'sms')?.balance ?? null;
  const packages = catalogue?.packages.filter((item) => item.ledger === 'sms') ?? [];
  const pages = Math.max(1, Math.ceil((ledger?.total ?? 0) / LEDGER_PAGE_SIZE));

  return (
    <div className="mall sms-buy" aria-busy={catalogue === null}>
      <header className="head">
        <div>
          <h2>{messages.title}{catalogue?.channels.some((channel) => channel.demo) ? <DemoBadge why={messages.demo} /> : null}</h2>
          <p className="muted small">{messages.subtitle}</p>
        </div>
      </header>

      <section className="panel holding" aria-labelledby="sms-balance-title" data-balance="sms">
        <h3 id="sms-balance-title">{messages.balance}</h3>
        <div>
          <span className="figure-big" data-testid="sms-balance">{balance === null ? '—' : formatNumber(balance)}</span> <span className="muted">{messages.unit}</span>
        </div>
        <AppLink className="link" path={SMS_WORK_PATH} host={host}>{messages.toMarketing}</AppLink>
      </section>

      <WhoBuys catalogue={catalogue} />
      <section aria-labelledby="sms-packages-title">
        <h3 id="sms-packages-title">{messages.packages}</h3>
        <div className="packages">
          {packages.map((item) => (
            <article key={item.code} className="package" data-package={item.code}>
              <h4>{item.name}</h4>
              <span className="price">{formatMoney(item.priceFen)}</span>
              <p className="buy-note">{item.note || messages.perSms(item.priceFen, item.amount)}</p>
              <BuyButton catalogue={catalogue} label={messages.buy} onBuy={() => buy({ productCode: item.code, quantity: 1 })} />
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="sms-ledger-title">
        <h3 id="sms-ledger-title">{messages.history}</h3>
        {ledgerFailed ? (
          <div className="state" role="alert">
            <p>{messages.loadFailed}</p>
            <sl-button size="small" onClick={() => setChanges((count) => count + 1)}>{messages.retry}</sl-button>
          </div>
        ) : ledger && ledger.total === 0 ? (
          <div className="state"><p>{messages.historyEmpty}</p></div>
        ) : (
          <ul className="entries" aria-busy={ledger === null} aria-label={messages.history}>
            <li className="entry titles" aria-hidden="true">
              <span>{messages.columns.at}</span>
              <span>{messages.columns.reason}</span>
              <span className="change">{messages.columns.change}</span>
              <span className="after">{messages.columns.after}</span>
              <span>{messages.columns.ref}</span>
            </li>
            {ledger?.list.map((entry) => {
              const cause = [entry.note, entry.refName].filter(Boolean).join(' · ');
              return (
                <li key={entry.id} className="entry" data-entry={entry.reason}>
                  <span className="at figure">{formatMinute(entry.createdAt)}</span>
                  <span className="reason">{entry.reasonName}</span>
                  <span className={entry.change >= 0 ? 'change plus' : 'change minus'}>{entry.change >= 0 ? '+' : '−'}{formatNumber(Math.abs(entry.change))}</span>
                  <span className="after">{formatNumber(entry.balanceAfter)}</span>
                  <span className="ref" title={cause}>{cause}</span>
                </li>
              );
            })}
          </ul>
        )}
        {pages > 1 ? (
          <div className="pager">
            <span className="muted small">{messages.pageOf(page, pages, ledger?.total ?? 0)}</span>
            <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>
            <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
          </div>
        ) : null}
      </section>

      {partsReady && catalogue ? (
        <Checkout shown={dialog} catalogue={catalogue} onClose={closeIf('checkout')} onChanged={changed} />
      ) : null}
    </div>
  );
}
