import { useEffect, useState } from 'react';
import { AppLink, session, useValue } from '../core';
import { formatDateTime, formatMoney, formatNumber } from '../core/formats';
import { productCode, renewedUntil, type AddOnCode, type EditionCode } from '../../contracts/rules/mall';
import { mallApi, type Order, type OrderPage } from './api';
import { cancelReasonText } from './Checkout';
import { BuyButton, WhoBuys, YearPicker, type PageProps } from './Mall';
import { messages } from './messages';

const text = messages.renewal;
const PAGE_SIZE = 10;
/** The 项目商城 page of each add-on, where it is explained and bought. */
const shopPath = (page: string) => `/home/shop/${page}`;

export function Renewal({ catalogue, buy, payOrder, requestInvoice, changes, host }: PageProps) {
  const [years, setYears] = useState(1);
  const current = catalogue?.current;
  const edition = current?.edition ?? null;
  const priced = edition ? catalogue?.editions.find((each) => each.code === edition.code) : undefined;
  const stores = Math.max(1, current?.storeCount ?? 1);
  const renewalFen = (count: number) => (priced ? priced.yearlyFenPerStore * stores * count : 0);

  return (
    <>
      <header className="head">
        <div>
          <h2>{text.title}</h2>
          <p className="muted">{text.subtitle}</p>
        </div>
      </header>
      <WhoBuys catalogue={catalogue} />

      <div className="overview">
        <section className="panel" aria-labelledby="edition-title" data-edition-panel>
          <h3 id="edition-title">{text.edition}</h3>
          {edition ? (
            <>
              <p>
                <strong className="edition-name">{edition.name}</strong>{' '}
                <span className={`chip ${edition.state}`} data-state={edition.state}>{edition.stateName}</span>
              </p>
              <div className="facts">
                <div><span className="label">{text.stores}</span><strong>{messages.storeCount(stores)}</strong></div>
                <div><span className="label">{text.expiresOn}</span><strong data-expires-on>{edition.expiresOn}</strong></div>
                <div><span className="label">{text.daysLeft}</span><strong>{edition.state === 'active' ? messages.days(edition.daysLeft) : '—'}</strong></div>
              </div>
              {edition.state === 'grace' ? <p className="note warning" role="note">{text.grace(edition.expiresOn, edition.graceEndsOn, catalogue?.graceDays ?? 15)}</p> : null}
              {edition.state === 'locked' ? <p className="note danger" role="note">{text.locked(edition.expiresOn)}</p> : null}
              {edition.state === 'active' && edition.daysLeft <= 30 ? <p className="note warning" role="note">{text.soon(edition.daysLeft, catalogue?.graceDays ?? 15)}</p> : null}
              <h3 className="renew-title">{text.renewFor}</h3>
              <YearPicker years={years} onChange={setYears} label={text.renewFor} price={(count) => formatMoney(renewalFen(count))} />
              <div className="renew-total">
                <span>{text.newExpiry} <strong className="figure" data-new-expiry>{catalogue ? renewedUntil(edition.expiresOn, catalogue.today, years) : ''}</strong></span>
                <span>{text.toPay} <strong className="figure price-inline">{formatMoney(renewalFen(years))}</strong></span>
              </div>
              {priced ? <p className="small muted">{text.priceBasis(priced.name, formatMoney(priced.yearlyFenPerStore), stores)}</p> : null}
              <div className="links">
                <BuyButton catalogue={catalogue} label={text.renew(years)} onBuy={() => buy({ productCode: productCode.edition(edition.code as EditionCode), years })} />
                <AppLink className="link" path="/home/pricing" host={host}>{text.compare}</AppLink>
              </div>
            </>
          ) : (
            <>
              <p className="muted">{text.noEdition}</p>
              <div className="links"><AppLink className="link" path="/home/pricing" host={host}>{text.choose}</AppLink></div>
            </>
          )}
        </section>

        <section className="panel" aria-labelledby="addons-title">
          <h3 id="addons-title">{text.addOns}</h3>
          <ul className="addons">
            {catalogue?.addOns.filter((addOn) => addOn.yearlyFen > 0).map((addOn) => {
              const owned = current?.addOns.find((each) => each.code === addOn.code);
              const has = owned && owned.state !== 'none';
              return (
                <li key={addOn.code} data-add-on={addOn.code}>
                  <span className="name">{addOn.name}</span>
                  <span className="until figure small muted">{has && owned.expiresOn ? text.until(owned.expiresOn) : ''}</span>
                  <span className={`chip ${has ? owned.state : ''}`}>{has ? owned.stateName : messages.product.notOwned}</span>
                  {has ? (
                    <sl-button size="small" variant="text" className="act" disabled={!catalogue?.canBuy} onClick={() => buy({ productCode: productCode.addOn(addOn.code as AddOnCode), years: 1 })}>{text.renewYear}</sl-button>
                  ) : (
                    <AppLink className="link small act" path={shopPath(addOn.page)} host={host}>{text.learn}</AppLink>
                  )}
                </li>
              );
            })}
          </ul>
          <h3 className="ledgers-title">{text.balances}</h3>
          <ul className="addons balances">
            {current?.ledgers.map((ledger) => (
              <li key={ledger.kind} data-balance={ledger.kind}>
                <span className="name">{ledger.name}</span>
                <strong className="figure">{formatNumber(ledger.balance)} {ledger.unit}</strong>
                <AppLink className="link small" path={shopPath(ledger.kind === 'sms' ? 'smsMall' : 'webPhone')} host={host}>{text.topUp}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Orders canBuy={catalogue?.canBuy ?? false} changes={changes} payOrder={payOrder} requestInvoice={requestInvoice} />
    </>
  );
}

function Orders({ canBuy, changes, payOrder, requestInvoice }: { canBuy: boolean; changes: number } & Pick<PageProps, 'payOrder' | 'requestInvoice'>) {
  const token = useValue(session.usertoken);
  const [page, setPage] = useState(1);
  const [orders, setOrders] = useState<OrderPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token) return;
    setFailed(false);
    mallApi.orders(page, PAGE_SIZE).then(setOrders, () => setFailed(true));
  }, [token, page, changes]);
  const pages = Math.max(1, Math.ceil((orders?.total ?? 0) / PAGE_SIZE));

  return (
    <section className="panel" aria-labelledby="orders-title">
      <h3 id="orders-title">{text.orders}</h3>
      {failed ? <p className="muted" role="alert">{text.ordersFailed}</p> : orders && orders.list.length === 0 ? <p className="muted">{text.noOrders}</p> : (
        <ul className="orders" aria-busy={orders === null} aria-label={text.orders}>
          <li className="titles" aria-hidden="true">
            <span>{text.columns.when}</span><span>{text.columns.what}</span><span className="amount">{text.columns.amount}</span><span>{text.columns.status}</span><span></span>
          </li>
          {orders?.list.map((order) => <OrderRow key={order.id} order={order} canBuy={canBuy} payOrder={payOrder} requestInvoice={requestInvoice} />)}
        </ul>
      )}
      {pages > 1 ? (
        <div className="pager">
          <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{text.previous}</sl-button>
          <span className="small muted">{text.pageOf(page, pages)}</span>
          <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{text.next}</sl-button>
        </div>
      ) : null}
    </section>
  );
}

function OrderRow({ order, canBuy, payOrder, requestInvoice }: { order: Order; canBuy: boolean } & Pick<PageProps, 'payOrder' | 'requestInvoice'>) {
  return (
    <li className="order" data-order={order.orderNo} data-status={order.status}>
      <span className="when small muted figure">{formatDateTime(order.createdAt)}</span>
      <span className="what">
        <strong>{order.kindName} · {order.productName}{order.years > 0 ? ` · ${messages.years(order.years)}` : ''}</strong>
        <span className="small muted">{text.orderNo(order.orderNo)}{order.effectiveUntil && order.status === 'fulfilled' ? ` · ${text.until(order.effectiveUntil)}` : ''}{order.cancelReason ? ` · ${cancelReasonText(order.cancelReason)}` : ''}</span>
      </span>
      <span className="amount figure">{formatMoney(order.amountFen)}</span>
      <span className="status"><span className={`chip ${order.status}`}>{order.statusName}</span></span>
      <span className="actions">
        {order.status === 'pending' && canBuy ? <sl-button size="small" variant="text" onClick={() => payOrder(order)}>{text.pay}</sl-button> : null}
        {order.status === 'fulfilled' && !order.invoiced && canBuy ? <sl-button size="small" variant="text" onClick={() => requestInvoice(order)}>{text.invoice}</sl-button> : null}
        {order.invoiced ? <span className="small muted">{text.invoiced}</span> : null}
      </span>
    </li>
  );
}
