import { useState } from 'react';
import { AppLink } from '../core';
import { formatMoney, formatNumber } from '../core/formats';
import { productCode, type AddOnCode, type LedgerKind } from '../../contracts/rules/mall';
import type { Catalogue, ProductKind } from './api';
import { BuyButton, WhoBuys, YearPicker, type PageProps } from './Mall';
import { messages } from './messages';
import { ProductPreview } from './Previews';

/** Each product page: the add-on it sells (by its 项目商城 page), the ledger it tops up and where it is used. */
const PRODUCTS: Record<ProductKind, { page: string; ledger: LedgerKind | null; usedAt?: { path: string; label: string } }> = {
  sms: { page: 'smsMall', ledger: 'sms', usedAt: { path: '/home/sms/smsWork', label: messages.product.smsLink } },
  'web-phone': { page: 'webPhone', ledger: 'minutes', usedAt: { path: '/home/externalmanage', label: messages.product.phoneLink } },
  'enterprise-wechat': { page: 'enterprise-wechat', ledger: null },
  'insurance-analysis': { page: 'insurance-analysis', ledger: null },
  'customer-analysis': { page: 'customer-analysis', ledger: null },
};

const text = messages.product;

export function Product({ kind, catalogue, buy, host }: PageProps & { kind: ProductKind }) {
  const product = PRODUCTS[kind];
  const about = messages.products[kind];
  const addOn = catalogue?.addOns.find((each) => each.page === product.page) ?? null;
  // 短信营销 itself costs nothing a year: the page sells only its packages.
  const yearly = addOn && addOn.yearlyFen > 0 ? addOn : null;
  const owned = addOn ? (catalogue?.current.addOns.find((each) => each.code === addOn.code) ?? null) : null;
  const ledger = product.ledger ? (catalogue?.current.ledgers.find((each) => each.kind === product.ledger) ?? null) : null;
  const packages = catalogue?.packages.filter((item) => item.ledger === product.ledger) ?? [];

  return (
    <>
      <header className="head">
        <div>
          <h2>{about.title}</h2>
          <p className="tagline muted">{addOn?.summary ?? about.title}</p>
        </div>
      </header>
      <WhoBuys catalogue={catalogue} />

      <div className="product">
        <section className="panel about" aria-labelledby="what-title">
          <h3 id="what-title">{text.whatItDoes}</h3>
          <p>{about.explain}</p>
          {addOn ? (
            <>
              <h4>{text.whatYouGet}</h4>
              <ul className="gets">{addOn.points.map((point) => <li key={point}>{point}</li>)}</ul>
            </>
          ) : null}
        </section>
        <figure className="shot">
          <ProductPreview kind={kind} smsSignature={catalogue?.smsSignature ?? null} />
          <figcaption className="small muted">{text.illustration}</figcaption>
        </figure>
      </div>

      <section className="panel holding" aria-labelledby="holding-title" data-holding>
        <h3 id="holding-title">{text.yours}</h3>
        {ledger ? (
          <div data-balance={ledger.kind}>
            <span className="label">{ledger.name}</span>
            <span className="figure-big">{formatNumber(ledger.balance)}</span> <span className="muted">{ledger.unit}</span>
          </div>
        ) : null}
        {yearly ? (
          <div data-add-on={yearly.code}>
            <span className="label">{yearly.name}</span>
            {owned && owned.state !== 'none' ? (
              <span>
                <span className={`chip ${owned.state}`}>{owned.stateName}</span>{' '}
                {owned.expiresOn ? <span className="figure">{owned.state === 'active' ? text.until(owned.expiresOn) : text.expired(owned.expiresOn)}</span> : null}
              </span>
            ) : (
              <span className="chip">{text.notOwned}</span>
            )}
          </div>
        ) : null}
        {product.usedAt ? <AppLink className="link" path={product.usedAt.path} host={host}>{product.usedAt.label}</AppLink> : null}
      </section>

      <section aria-labelledby="packages-title">
        <h3 id="packages-title">{text.packages}</h3>
        <div className="packages">
          {yearly ? <AddOnCard catalogue={catalogue} addOn={yearly} owned={owned !== null && owned.state !== 'none'} onBuy={(years) => buy({ productCode: productCode.addOn(yearly.code as AddOnCode), years })} /> : null}
          {packages.map((item) => (
            <article key={item.code} className="package" data-package={item.code}>
              <h4>{item.name}</h4>
              <span className="price">{formatMoney(item.priceFen)}</span>
              <p className="buy-note">{item.note}</p>
              <BuyButton catalogue={catalogue} label={text.buy} onBuy={() => buy({ productCode: item.code, quantity: 1 })} />
            </article>
          ))}
        </div>
      </section>
    </>
  );
}

function AddOnCard({ catalogue, addOn, owned, onBuy }: { catalogue: Catalogue | null; addOn: Catalogue['addOns'][number]; owned: boolean; onBuy(years: number): void }) {
  const [years, setYears] = useState(1);
  return (
    <article className="package wide" data-package={`addon.${addOn.code}`}>
      <h4>{owned ? text.renewAddOn(addOn.name) : text.openAddOn(addOn.name)}</h4>
      <span className="price">{formatMoney(addOn.yearlyFen)}<small>{messages.pricing.perYear}</small></span>
      <YearPicker years={years} onChange={setYears} label={text.yearsLabel} price={(count) => formatMoney(addOn.yearlyFen * count)} />
      <BuyButton catalogue={catalogue} label={owned ? text.renew : text.open} onBuy={() => onBuy(years)} />
    </article>
  );
}
