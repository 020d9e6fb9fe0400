/**
 * The checkout every mall page shares: the order's summary as the server priced it, the payment
 * channel, the QR code, then polling the order until it is 已开通 (or 已取消: by the buyer, or
 * because it stayed unpaid). One idempotency key per opened checkout, so a double click or a
 * retried request answers the same order (the server keeps that promise; the widget also ignores
 * clicks while one is in flight).
 */
import { useEffect, useRef, useState } from 'react';
import { DemoBadge, LazyImage, useDialogClose } from '../core';
import { formatDateTime, formatMoney, formatNumber } from '../core/formats';
import { CANCEL_REASON_NAMES, type PayChannel } from '../../contracts/rules/mall';
import { mallApi, newIdempotencyKey, type Catalogue, type Order, type Payment, type Purchase, type Quote } from './api';
import type { MallDialog } from './Mall';
import { messages } from './messages';

const text = messages.checkout;
/** The contract's polling pace (contracts/api/mall.ts orderStatus). */
const POLL_MS = 2000;

type Stage = 'confirm' | 'pay' | 'done' | 'closed';

/** The QR code as an image: the server's SVG, or one drawn here from code_url (uqr, loaded with the first payment). */
async function qrImage(payment: Payment): Promise<string> {
  let svg = payment.qrSvg;
  if (!svg && payment.codeUrl) {
    const { renderSVG } = await import('uqr');
    svg = renderSVG(payment.codeUrl, { border: 1, ecc: 'M' });
  }
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : '';
}

/** The server may send the reason's code (contracts/rules/mall.ts) or its name. */
export const cancelReasonText = (reason: string): string => CANCEL_REASON_NAMES[reason as keyof typeof CANCEL_REASON_NAMES] ?? reason;
const isExpired = (order: Order) => order.cancelReason === 'expired' || order.cancelReason === CANCEL_REASON_NAMES.expired;

/** A purchase of the same product again (重新下单 after an order was cancelled). */
const purchaseOf = (order: Order): Purchase => ({ productCode: order.productCode, years: Math.max(1, order.years), quantity: order.quantity });

export function Checkout({ shown, catalogue, onClose, onChanged }: {
  shown: Extract<MallDialog, { type: 'checkout' }> | null;
  catalogue: Catalogue;
  onClose(): void;
  onChanged(): void;
}) {
  const ref = useDialogClose(onClose);
  const [stage, setStage] = useState<Stage>('confirm');
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteProblem, setQuoteProblem] = useState('');
  const [order, setOrder] = useState<Order | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [qr, setQr] = useState('');
  const [paidWaiting, setPaidWaiting] = useState(false);
  const offered = catalogue.channels;
  const [channel, setChannel] = useState<PayChannel>(offered[0]?.code ?? 'wechat');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const key = useRef('');

  /** A new checkout: a new idempotency key, and the quote (or the pending order, read again). */
  const start = (next: Purchase | null, pending: Order | null) => {
    key.current = newIdempotencyKey();
    setStage('confirm');
    setPurchase(next);
    setQuote(null);
    setQuoteProblem('');
    setOrder(pending);
    setPayment(null);
    setQr('');
    setPaidWaiting(false);
    setChannel(offered[0]?.code ?? 'wechat');
    if (pending) {
      // Reading the order cancels it on the server if its time to pay has passed.
      mallApi.order(pending.id).then(({ order: fresh }) => {
        setOrder(fresh);
        if (fresh.status !== 'pending') settle(fresh);
      }, () => undefined);
    }
  };
  useEffect(() => {
    if (shown) start(shown.purchase, shown.order);
  }, [shown]);

  useEffect(() => {
    if (!purchase || order) return;
    let current = true;
    setQuote(null);
    setQuoteProblem('');
    mallApi.quote(purchase).then(
      (answer) => current && setQuote(answer),
      (error: { msg?: string }) => current && setQuoteProblem(error.msg || text.quoteFailed),
    );
    return () => void (current = false);
  }, [purchase, order]);

  /** Where a finished order leaves the dialog. */
  const settle = (finished: Order) => {
    setOrder(finished);
    if (finished.status === 'fulfilled') {
      setStage('done');
      onChanged();
    } else if (finished.status === 'cancelled' || finished.status === 'refunded') {
      setStage('closed');
      onChanged();
    } else if (finished.status === 'paid') setPaidWaiting(true);
  };

  /** Runs one action at a time: a second click while the first is in flight does nothing. */
  const act = async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await action();
    } catch {
      /* toasted by the core; the dialog stays for a retry */
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const payNow = () =>
    act(async () => {
      let current = order;
      if (!current) {
        if (!purchase) return;
        current = (await mallApi.createOrder(purchase, key.current)).order;
        setOrder(current);
        onChanged();
      }
      const answer = await mallApi.pay(current.id, channel);
      setPayment(answer);
      setQr(await qrImage(answer).catch(() => ''));
      setStage('pay');
    });

  const simulate = () => act(async () => void (order && settle((await mallApi.simulatePaid(order.id)).order)));
  const cancel = () => act(async () => void (order && settle((await mallApi.cancel(order.id)).order)));

  // While the QR code shows: ask the server every 2 s; past the time to pay, read the order (the
  // server cancels it then) so the dialog explains instead of waiting forever.
  useEffect(() => {
    if (stage !== 'pay' || !order) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const status = await mallApi.status(order.id);
        if (stopped) return;
        if (status.status !== 'pending' || Date.now() > Date.parse(status.payBefore)) {
          const { order: fresh } = await mallApi.order(order.id);
          if (stopped) return;
          settle(fresh);
          if (fresh.status !== 'pending' && fresh.status !== 'paid') return;
        }
      } catch {
        /* a missed poll is retried */
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [stage, order?.id]);

  const lines = order?.lines ?? quote?.lines ?? [];
  const amountFen = order?.amountFen ?? quote?.amountFen ?? 0;
  const title = stage === 'done' ? text.doneTitle : stage === 'closed' ? text.closedTitle : stage === 'pay' ? text.payTitle : text.confirmTitle;
  const channelName = payment?.channelName ?? offered.find((each) => each.code === channel)?.name ?? '';

  return (
    <sl-dialog ref={ref} label={title} open={shown !== null} className="checkout" data-stage={stage}>
      {stage === 'confirm' ? (
        <div className="form">
          <Summary lines={lines} amountFen={amountFen} busy={!order && !quote && !quoteProblem} effect={order ? effectOf(order) : quote ? effectOf(quote) : ''} />
          {quoteProblem ? <p className="note danger" role="alert">{quoteProblem}</p> : null}
          {order ? <p className="small muted">{text.orderNo(order.orderNo)} · {text.payBefore(formatDateTime(order.payBefore))}</p> : null}
          <div role="group" aria-label={text.channel} className="channels">
            {offered.map((each) => (
              <button key={each.code} type="button" className="channel" aria-pressed={channel === each.code}
                data-channel={each.code} onClick={() => setChannel(each.code)}>
                {each.code === 'dev' ? null : <span className={`logo ${each.code}`} aria-hidden="true">{each.code === 'wechat' ? '微' : '支'}</span>}
                {each.name}
                {each.demo ? <DemoBadge why={text.demo} /> : null}
              </button>
            ))}
          </div>
        </div>
      ) : stage === 'pay' && payment && order ? (
        <div className="qr">
          {qr ? <LazyImage className="code" src={qr} alt={text.qrAlt(payment.channelName)} /> : null}
          <p>{qr ? text.scan(channelName) : text.noCode} <strong className="figure">{formatMoney(payment.amountFen)}</strong></p>
          <p className="small muted">{text.orderNo(order.orderNo)} · {text.payBefore(formatDateTime(payment.payBefore))}</p>
          <p className="waiting" role="status"><sl-spinner></sl-spinner>{paidWaiting ? text.paidWaiting : text.waiting}</p>
          {payment.simulate ? (
            <div className="dev">
              <span>{text.devNote}</span>
              <sl-button size="small" loading={busy} onClick={simulate}>{text.simulate}</sl-button>
            </div>
          ) : null}
          <p className="small muted">{text.later}</p>
        </div>
      ) : stage === 'done' && order ? (
        <div className="done" role="status">
          <span className="tick" aria-hidden="true">✓</span>
          <h4>{text.done}</h4>
          <p data-effect>{doneEffect(order, catalogue)}</p>
          <p className="small muted">{text.orderNo(order.orderNo)} · {formatMoney(order.amountFen)}</p>
        </div>
      ) : stage === 'closed' && order ? (
        <div className="form" role="status">
          <p className="note warning">{isExpired(order) ? text.expired(catalogue.unpaidOrderMinutes) : order.status === 'refunded' ? text.refunded : text.cancelled}</p>
          <p className="small muted">{text.orderNo(order.orderNo)} · {order.statusName}{order.cancelReason ? ` · ${cancelReasonText(order.cancelReason)}` : ''}</p>
        </div>
      ) : null}

      {stage === 'confirm' ? (
        <>
          {order ? <sl-button slot="footer" variant="text" className="danger" disabled={busy} onClick={cancel}>{text.cancelOrder}</sl-button> : null}
          <sl-button slot="footer" onClick={onClose}>{messages.close}</sl-button>
          <sl-button slot="footer" variant="primary" loading={busy} disabled={!catalogue.canBuy || (!order && !quote)} onClick={payNow}>
            {text.payButton(formatMoney(amountFen))}
          </sl-button>
        </>
      ) : stage === 'pay' ? (
        <>
          <sl-button slot="footer" variant="text" className="danger" disabled={busy} onClick={cancel}>{text.cancelOrder}</sl-button>
          <sl-button slot="footer" onClick={onClose}>{text.payLater}</sl-button>
        </>
      ) : stage === 'closed' && order ? (
        <>
          <sl-button slot="footer" onClick={onClose}>{messages.close}</sl-button>
          <sl-button slot="footer" variant="primary" disabled={!catalogue.canBuy} onClick={() => start(purchaseOf(order), null)}>{text.again}</sl-button>
        </>
      ) : (
        <sl-button slot="footer" variant="primary" onClick={onClose}>{text.finish}</sl-button>
      )}
    </sl-dialog>
  );
}

function Summary({ lines, amountFen, effect, busy }: { lines: { label: string; amountFen: number }[]; amountFen: number; effect: string; busy: boolean }) {
  return (
    <div className="summary" aria-busy={busy} data-summary>
      {busy ? <p className="muted">{text.quoting}</p> : null}
      {lines.map((line) => (
        <div key={line.label} className="line"><span>{line.label}</span><span className="figure">{formatMoney(line.amountFen)}</span></div>
      ))}
      {effect ? <p className="small muted">{effect}</p> : null}
      {busy ? null : <div className="line total"><span>{text.total}</span><span className="figure">{formatMoney(amountFen)}</span></div>}
    </div>
  );
}

type Priced = Pick<Quote, 'kind' | 'productName' | 'effectiveUntil' | 'ledger' | 'ledgerAmount' | 'storeCount'>;

/** What paying brings, said before paying: the new last day, or the credits added. */
function effectOf(priced: Priced): string {
  if (priced.ledger) return text.willAdd(formatNumber(priced.ledgerAmount), messages.units[priced.ledger]);
  if (!priced.effectiveUntil) return '';
  return priced.kind === 'upgrade' ? text.upgradeKeeps(priced.effectiveUntil) : text.willLast(priced.productName, priced.effectiveUntil);
}

/** 「开通成功」 with what changed: the new expiry, or the credits added and the balance now. */
function doneEffect(order: Order, catalogue: Catalogue): string {
  if (order.ledger) {
    const balance = catalogue.current.ledgers.find((each) => each.kind === order.ledger);
    return text.added(formatNumber(order.ledgerAmount), messages.units[order.ledger], balance ? formatNumber(balance.balance) : '');
  }
  if (order.kind === 'upgrade') return text.upgraded(order.productName, order.effectiveUntil ?? '');
  return text.lasts(order.productName, order.effectiveUntil ?? '');
}
