import { useCallback, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { session, useLazyDialogs, usePageData, useValue, type WidgetProps } from '../core';
import { mallApi, PRODUCT_KINDS, type Catalogue, type Order, type ProductKind, type Purchase } from './api';
import { Checkout } from './Checkout';
import { InvoiceDialog } from './Invoice';
import { messages } from './messages';
import { Pricing } from './Pricing';
import { Product } from './Product';
import { Renewal } from './Renewal';

export interface MallProps {
  /** pricing = 价格商城, package = 续费套餐, or a 项目商城 product page. */
  kind?: string;
}

export type MallDialog =
  | { type: 'checkout'; purchase: Purchase | null; order: Order | null }
  | { type: 'invoice'; order: Order };

/** What each page gets from the element: the catalogue and the ways to open the shared dialogs. */
export interface PageProps {
  catalogue: Catalogue | null;
  host?: HTMLElement;
  buy(purchase: Purchase): void;
  /** Reopens a pending order (续费套餐's 去支付). */
  payOrder(order: Order): void;
  requestInvoice(order: Order): void;
  /** Grows after every payment and invoice request: the order history reads itself again. */
  changes: number;
}

const isProduct = (kind: string): kind is ProductKind => (PRODUCT_KINDS as readonly string[]).includes(kind);

export function Mall({ kind = 'pricing', host }: MallProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const { data, failed, refused, load } = usePageData<Catalogue>(token, () => mallApi.catalogue());
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<MallDialog>(() => import('./dialog-parts'));
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => (load(), setChanges((count) => count + 1)), [load]);

  if (refused) return <div className="state" role="note"><p>{messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const page: PageProps = {
    catalogue: data,
    host,
    changes,
    buy: (purchase) => setDialog({ type: 'checkout', purchase, order: null }),
    payOrder: (order) => setDialog({ type: 'checkout', purchase: null, order }),
    requestInvoice: (order) => setDialog({ type: 'invoice', order }),
  };

  return (
    <div className="mall" data-kind={kind} aria-busy={data === null}>
      {kind === 'package' ? <Renewal {...page} /> : isProduct(kind) ? <Product kind={kind} {...page} /> : <Pricing {...page} />}
      {partsReady && data ? (
        <>
          <Checkout shown={dialog?.type === 'checkout' ? dialog : null} catalogue={data} onClose={closeIf('checkout')} onChanged={changed} />
          <InvoiceDialog order={dialog?.type === 'invoice' ? dialog.order : null} onClose={closeIf('invoice')} onDone={changed} />
        </>
      ) : null}
    </div>
  );
}

/** 1 年 / 2 年 / 3 年 as pressed buttons, each with its price. */
export function YearPicker({ years, onChange, price, label }: { years: number; onChange(years: number): void; price(years: number): string; label: string }) {
  return (
    <div className="years" role="group" aria-label={label}>
      {[1, 2, 3].map((count) => (
        <button key={count} type="button" className="year" aria-pressed={years === count} onClick={() => onChange(count)}>
          <strong>{messages.years(count)}</strong>
          <span className="small muted figure">{price(count)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * 购买 / 续费…: anybody sees the price, but only who may buy gets an active button; the others see
 * who can (the server refuses them too).
 */
export function BuyButton({ catalogue, label, onBuy, variant = 'primary', disabled = false }: {
  catalogue: Catalogue | null;
  label: string;
  onBuy(): void;
  variant?: 'primary' | 'default';
  disabled?: boolean;
}) {
  const canBuy = catalogue?.canBuy ?? false;
  return (
    <sl-button variant={variant} disabled={!canBuy || disabled} onClick={onBuy}>{canBuy || !catalogue ? label : messages.hqBuys}</sl-button>
  );
}

/** The page's one explanation of who may buy, when this user may not. */
export function WhoBuys({ catalogue }: { catalogue: Catalogue | null }) {
  if (!catalogue || catalogue.canBuy) return null;
  return (
    <p className="note" role="note" data-who-buys>
      {(catalogue.cannotBuyReason ?? messages.onlyAdmins).replace(/[。.]?$/, '。')}{messages.whoBuys}
    </p>
  );
}
