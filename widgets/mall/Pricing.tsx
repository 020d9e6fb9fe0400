import { Fragment } from 'react';
import { formatMoney } from '../core/formats';
import { daysBetween } from '../../contracts/dates';
import { productCode, proRatedUpgradeFen, type EditionCode } from '../../contracts/rules/mall';
import type { Catalogue } from './api';
import { BuyButton, WhoBuys, type PageProps } from './Mall';
import { messages } from './messages';

type Edition = Catalogue['editions'][number];

const text = messages.pricing;
/** The edition most chains choose; marked on its card while the chain has none or a lower one. */
const RECOMMENDED = 'pro';

/** What the card's button does for this chain: buy, renew, upgrade (with its pro-rated price) or nothing. */
function offer(catalogue: Catalogue, edition: Edition) {
  const current = catalogue.current.edition;
  const running = current?.state === 'active' ? catalogue.editions.find((each) => each.code === current.code) : undefined;
  if (!running || !current) return { action: current?.code === edition.code ? 'renew' : 'new', label: current?.code === edition.code ? text.renew : text.buy } as const;
  if (running.code === edition.code) return { action: 'renew', label: text.renew } as const;
  if (running.rank > edition.rank) return { action: 'lower', label: text.lower } as const;
  const days = daysBetween(catalogue.today, current.expiresOn) + 1;
  const fen = proRatedUpgradeFen(running.yearlyFenPerStore, edition.yearlyFenPerStore, catalogue.current.storeCount, catalogue.today, current.expiresOn);
  return { action: 'upgrade', label: text.upgrade, days, fen } as const;
}

export function Pricing({ catalogue, buy }: PageProps) {
  const current = catalogue?.current.edition ?? null;
  const stores = Math.max(1, catalogue?.current.storeCount ?? 1);
  const editions = catalogue?.editions ?? [];
  const groups = [...new Set(catalogue?.features.map((feature) => feature.group))];

  return (
    <>
      <header className="head">
        <div>
          <h2>{text.title}</h2>
          <p className="muted">{text.subtitle}</p>
        </div>
        {current ? (
          <p className="figure muted" data-current-edition>
            {text.currentLine(current.name, stores, current.expiresOn)}
          </p>
        ) : null}
      </header>
      <WhoBuys catalogue={catalogue} />

      <div className="editions">
        {editions.map((edition) => {
          const isCurrent = current?.code === edition.code;
          const deal = catalogue ? offer(catalogue, edition) : null;
          const recommended = !isCurrent && edition.code === RECOMMENDED && (!current || (catalogue?.editions.find((each) => each.code === current.code)?.rank ?? 0) < edition.rank);
          // A card lists what this edition adds to the one below it (the matrix below has everything).
          const below = editions[editions.indexOf(edition) - 1];
          const included = catalogue?.features
            .filter((feature) => feature.editions[edition.code] !== false && (!below || feature.editions[edition.code] !== feature.editions[below.code]))
            .slice(0, 6) ?? [];
          return (
            <section key={edition.code} className={isCurrent ? 'edition current' : 'edition'} data-edition={edition.code} aria-label={edition.name}>
              {isCurrent ? <span className="badge">{text.current}</span> : recommended ? <span className="badge recommended">{text.recommended}</span> : null}
              <h3>{edition.name}</h3>
              <p className="slogan">{edition.slogan}</p>
              <div>
                <span className="price">{formatMoney(edition.yearlyFenPerStore)}<small>{text.perStoreYear}</small></span>
                <p className="total small figure">{text.total(stores, formatMoney(edition.yearlyFenPerStore * stores))}</p>
              </div>
              {below ? <p className="small muted">{text.everything(below.name)}</p> : null}
              <ul aria-label={text.highlights}>
                {included.map((feature) => (
                  <li key={feature.code}>{feature.name}{typeof feature.editions[edition.code] === 'string' ? `（${feature.editions[edition.code] as string}）` : ''}</li>
                ))}
              </ul>
              <div className="action">
                {deal?.action === 'upgrade' ? (
                  <p className="pro-rate" data-pro-rated>
                    {text.proRated(deal.days)} · {text.payNow} <strong className="figure">{formatMoney(deal.fen)}</strong>
                  </p>
                ) : null}
                {isCurrent && current ? <p className="small muted">{text.expires(current.expiresOn)}</p> : null}
                <BuyButton catalogue={catalogue} variant={isCurrent || deal?.action === 'lower' ? 'default' : 'primary'} label={deal?.label ?? text.buy}
                  disabled={!deal || deal.action === 'lower'}
                  onBuy={() => buy({ productCode: productCode.edition(edition.code as EditionCode), years: 1 })} />
              </div>
            </section>
          );
        })}
      </div>

      <section aria-labelledby="matrix-title">
        <h3 id="matrix-title">{text.matrix}</h3>
        <div className="matrix-wrap">
          <table className="matrix">
            <colgroup>
              <col className="feature-col" />
              {editions.map((edition) => <col key={edition.code} />)}
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{text.feature}</th>
                {editions.map((edition) => (
                  <th key={edition.code} scope="col" className={current?.code === edition.code ? 'current' : undefined}>{edition.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <Fragment key={group}>
                  <tr className="group"><th scope="rowgroup" colSpan={editions.length + 1}>{group}</th></tr>
                  {catalogue?.features.filter((feature) => feature.group === group).map((feature) => (
                    <tr key={feature.code}>
                      <th scope="row">{feature.name}</th>
                      {editions.map((edition) => {
                        const value = feature.editions[edition.code];
                        return (
                          <td key={edition.code} className={current?.code === edition.code ? 'current' : undefined}>
                            {value === true ? <span className="yes" role="img" aria-label={text.included}>✓</span>
                              : value === false || value === undefined ? <span className="no" role="img" aria-label={text.notIncluded}>—</span>
                                : value}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </Fragment>
              ))}
              <tr>
                <th scope="row">{text.priceRow}</th>
                {editions.map((edition) => (
                  <td key={edition.code} className={current?.code === edition.code ? 'current figure' : 'figure'}>{formatMoney(edition.yearlyFenPerStore)}</td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
