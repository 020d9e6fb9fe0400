/**
 * The quote sheet (报价单): the comparison of insurers and the A4 sheet a customer gets printed,
 * as an image or through the share link. Plain HTML without Shoelace, so the print window and the
 * public page show exactly this.
 */
import { formatDate } from '../core/formats';
import type { QuoteSheet } from './api';
import { messages } from './messages';

export interface SheetData {
  storeName: string;
  storePhone: string;
  createdAt: string;
  userName?: string;
  vehicle: { plate: string; brand: string; series: string; customerName: string; mobile: string };
  sheet: QuoteSheet;
}

/** Lines of every offer, in the order the first offer that has them lists them. */
export function comparisonRows(sheet: QuoteSheet) {
  const rows = new Map<string, { name: string; limit: number }>();
  for (const offer of sheet.offers) for (const line of offer.lines) if (!rows.has(line.code)) rows.set(line.code, { name: line.name, limit: line.limit });
  return [...rows].map(([code, row]) => ({ code, ...row }));
}

export const lowestOffer = (sheet: QuoteSheet) => sheet.offers.reduce<QuoteSheet['offers'][number] | null>((best, offer) => (!best || offer.totalFen < best.totalFen ? offer : best), null);

const limitText = (limit: number) => (limit >= 10_000 ? messages.wan(limit) : limit > 0 ? messages.yuan(limit) : '');

/**
 * The insurers on a narrow screen (a customer's phone): one card each, cheapest first, so every
 * insurer is seen whole by scrolling down, never cut at the side. The table shows on wider ones.
 */
function OfferCards({ sheet, rows, lowest }: { sheet: QuoteSheet; rows: ReturnType<typeof comparisonRows>; lowest: ReturnType<typeof lowestOffer> }) {
  const cheapestFirst = [...sheet.offers].sort((a, b) => a.totalFen - b.totalFen);
  return (
    <ol className="offer-cards" aria-label={messages.comparisonCards}>
      {cheapestFirst.map((offer) => (
        <li key={offer.insurerCode} className={`offer-card${offer === lowest ? ' lowest' : ''}`} data-offer={offer.insurerName}>
          <header>
            <strong className="insurer">{offer.insurerName}</strong>
            {offer === lowest && sheet.offers.length > 1 ? <span className="badge">{messages.lowest}</span> : null}
            <strong className="figure total" data-card-total={offer.insurerName}>{messages.money(offer.totalFen)}</strong>
          </header>
          <dl>
            {rows.map((row) => {
              const line = offer.lines.find((each) => each.code === row.code);
              return (
                <div key={row.code}>
                  <dt>{row.name}{limitText(row.limit) ? <span className="limit">{limitText(row.limit)}</span> : null}</dt>
                  <dd className="figure">{line ? messages.money(line.premiumFen) : <span className="muted">{messages.notSold}</span>}</dd>
                </div>
              );
            })}
            <div className="sub"><dt>{messages.coefficient}</dt><dd className="figure">{offer.coefficient.toFixed(4)}</dd></div>
            <div className="sub"><dt>{messages.commercialTotal}</dt><dd className="figure">{messages.money(offer.commercialFen)}</dd></div>
            <div className="sub"><dt>{messages.compulsoryTotal}</dt><dd className="figure">{messages.money(offer.compulsoryFen)}</dd></div>
            <div className="sub"><dt>{messages.taxTotal}</dt><dd className="figure">{messages.money(offer.vehicleTaxFen)}</dd></div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** The insurers side by side: one column each, the lowest total marked (cards on a narrow screen). */
export function Comparison({ sheet }: { sheet: QuoteSheet }) {
  const rows = comparisonRows(sheet);
  const lowest = lowestOffer(sheet);
  return (
    <>
      <OfferCards sheet={sheet} rows={rows} lowest={lowest} />
      <div className="comparison-scroll">
        <table className="comparison" aria-label={messages.comparison}>
          <thead>
            <tr>
              <th scope="col">{messages.line}</th>
              {sheet.offers.map((offer) => (
                <th scope="col" key={offer.insurerCode} className={offer === lowest ? 'lowest' : ''} data-insurer={offer.insurerName}>
                  {offer.insurerName}
                  {offer === lowest && sheet.offers.length > 1 ? <span className="badge">{messages.lowest}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code}>
                <th scope="row">
                  {row.name}
                  {limitText(row.limit) ? <span className="limit">{limitText(row.limit)}</span> : null}
                </th>
                {sheet.offers.map((offer) => {
                  const line = offer.lines.find((each) => each.code === row.code);
                  return <td key={offer.insurerCode} className="figure">{line ? messages.money(line.premiumFen) : <span className="muted">{messages.notSold}</span>}</td>;
                })}
              </tr>
            ))}
            <tr className="sub">
              <th scope="row">{messages.coefficient}</th>
              {sheet.offers.map((offer) => <td key={offer.insurerCode} className="figure">{offer.coefficient.toFixed(4)}</td>)}
            </tr>
            <tr className="sub">
              <th scope="row">{messages.commercialTotal}</th>
              {sheet.offers.map((offer) => <td key={offer.insurerCode} className="figure">{messages.money(offer.commercialFen)}</td>)}
            </tr>
            <tr className="sub">
              <th scope="row">{messages.compulsoryTotal}</th>
              {sheet.offers.map((offer) => <td key={offer.insurerCode} className="figure">{messages.money(offer.compulsoryFen)}</td>)}
            </tr>
            <tr className="sub">
              <th scope="row">{messages.taxTotal}</th>
              {sheet.offers.map((offer) => <td key={offer.insurerCode} className="figure">{messages.money(offer.vehicleTaxFen)}</td>)}
            </tr>
            <tr className="total">
              <th scope="row">{messages.total}</th>
              {sheet.offers.map((offer) => <td key={offer.insurerCode} className={`figure${offer === lowest ? ' lowest' : ''}`} data-total={offer.insurerName}>{messages.money(offer.totalFen)}</td>)}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The A4 报价单 itself. */
export function Sheet({ data, expiresAt }: { data: SheetData; expiresAt?: string }) {
  const { sheet, vehicle } = data;
  const percent = Math.round(sheet.compulsory.rate * 100);
  return (
    <article className="sheet" aria-label={messages.sheetTitle}>
      <header className="sheet-head">
        <h2>{messages.sheetTitle}</h2>
        <p>{messages.sheetContact(data.storeName, data.storePhone)}</p>
      </header>
      <dl className="sheet-facts">
        <div><dt>{messages.sheetVehicle}</dt><dd><strong className="figure">{vehicle.plate}</strong> {vehicle.brand} {vehicle.series}</dd></div>
        <div><dt>{messages.sheetCustomer}</dt><dd>{vehicle.customerName} <span className="figure">{vehicle.mobile}</span></dd></div>
        <div><dt>{messages.sheetTerm}</dt><dd className="figure">{sheet.startDate} 至 {sheet.endDate}</dd></div>
        <div><dt>{messages.sheetRegion}</dt><dd>{sheet.region}（{messages.regionGroup(sheet.regionGroup)}）</dd></div>
        <div><dt>{messages.sheetClass}</dt><dd>{sheet.vehicleClassName}</dd></div>
        <div><dt>{messages.sheetDate}</dt><dd className="figure">{formatDate(data.createdAt)}{data.userName ? ` · ${messages.sheetBy} ${data.userName}` : ''}</dd></div>
      </dl>
      <section className="sheet-compulsory">
        <h3>{messages.compulsory}</h3>
        <p>
          <strong className="figure">{messages.money(sheet.compulsory.premiumFen)}</strong>
          <span> = {messages.compulsoryBase(messages.money(sheet.compulsory.base * 100))} × (1 {percent < 0 ? '−' : '+'} {Math.abs(percent)}%)，{messages.compulsoryRate(percent)}</span>
        </p>
        <p className="muted">{messages.compulsoryLimits}</p>
        <p>
          {messages.vehicleTax}：<strong className="figure">{messages.money(sheet.vehicleTax.yearlyFen)}</strong>
          {sheet.vehicleTax.band ? `（${sheet.vehicleTax.band}${sheet.vehicleTax.estimated ? `，${messages.taxEstimated}` : ''}）` : `（${messages.taxExempt}）`}
        </p>
      </section>
      <section>
        <h3>{messages.comparison}</h3>
        <Comparison sheet={sheet} />
      </section>
      <footer className="sheet-foot">
        <p>{messages.sheetNote}</p>
        {expiresAt ? <p>{messages.sharedExpiresAt(formatDate(expiresAt))}</p> : null}
      </footer>
    </article>
  );
}
