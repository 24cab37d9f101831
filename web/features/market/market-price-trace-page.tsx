// marketPriceTrace (/market/trace/{productKey}): the product's name and picture, a chart of sold
// and asking prices over time, monthly minimum / median / maximum as tables (with captions, for
// screen readers too), the trade count, and links to the items.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { TraceMonth, TracePoint } from '../../../common/api/market';
import { formatDate, formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { PriceChart } from '../../ui/price-chart';
import { useMarketTrace } from './api/market-trace';
import { formatWon } from './format';
import { MarketCard } from './market-card';
import { marketViewPath, productViewPath } from '../../shared/paths';
import { useNow } from './use-now';
import './market.css';
import { koMarket } from './texts';

const t = koMarket.trace;

/** '2026-11' → '2026.11'. */
const monthText = (month: string) => month.replace('-', '.');

function MonthTable({ id, caption, months, countLabel }: { id: string; caption: string; months: TraceMonth[]; countLabel: string }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="trace-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colMonth}</th>
            <th scope="col" className="num trace-count">
              {countLabel}
            </th>
            <th scope="col" className="num">
              {t.colMin}
            </th>
            <th scope="col" className="num">
              {t.colMedian}
            </th>
            <th scope="col" className="num">
              {t.colMax}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((m) => (
            <tr key={m.month}>
              <th scope="row">
                {monthText(m.month)}
                {/* On a phone the count sits under the month, so the three prices fit beside it. */}
                <span className="trace-count-under"> {t.tradeCountValue(m.count)}</span>
              </th>
              <td className="num trace-count">{formatNumber(m.count)}</td>
              <td className="num">{formatWon(m.min)}</td>
              <td className="num">{formatWon(m.median)}</td>
              <td className="num">{formatWon(m.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The newest sales, newest first, each a link to its item. */
function SoldItems({ sales }: { sales: TracePoint[] }) {
  return (
    <section className="trace-items" aria-labelledby="trace-items-title">
      <h2 id="trace-items-title">{t.items}</h2>
      <ul>
        {sales.map((p) => (
          <li key={`${p.key}-${p.at}`}>
            <Link to={marketViewPath(p.key)}>{p.subject}</Link> <span className="num">{formatWon(p.price)}</span> <span className="fact-help">{formatDate(p.at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MarketPriceTracePage() {
  const { productKey = '' } = useParams();
  const trace = useMarketTrace(productKey);
  const data = trace.data;
  const name = data?.product.name ?? '';
  useDocumentTitle(data ? t.title(name) : koMarket.title);
  const now = useNow(60_000);
  // Keyed on the months alone: a refetch that changes other parts keeps the chart (and its cursor) as it is.
  const soldMonths = data?.soldMonths;
  const medians = useMemo(() => (soldMonths ?? []).map((m) => ({ month: m.month, median: m.median })), [soldMonths]);
  const labels = useMemo(() => ({ sold: ko.priceChart.sold, asking: ko.priceChart.asking, median: t.colMedian, loading: ko.priceChart.loading, date: ko.priceChart.date, latest: ko.priceChart.latest }), []);

  if (trace.isPending) return <ListLoading text={t.loading} />;
  if (!data) return <ListFailed onRetry={() => void trace.refetch()} />;
  const lastSold = data.sold.at(-1);
  const lastMonth = data.soldMonths.at(-1);
  const empty = data.sold.length === 0 && data.asking.length === 0;

  return (
    <section className="market-page trace-page" aria-labelledby="trace-title">
      <header className="trace-head">
        {data.product.thumbUrl && <img src={data.product.thumbUrl} alt="" className="trace-product-photo" />}
        <div>
          <h1 id="trace-title">{t.title(name)}</h1>
          <Link to={productViewPath(data.product.key)}>{t.productLink}</Link>
        </div>
      </header>
      <dl className="trace-facts">
        <div>
          <dt>{t.tradeCount}</dt>
          <dd data-testid="trace-count">{t.tradeCountValue(data.tradeCount)}</dd>
        </div>
        {lastSold && (
          <div>
            <dt>{t.lastSold}</dt>
            <dd>{formatWon(lastSold.price)}</dd>
          </div>
        )}
        {lastMonth && (
          <div>
            <dt>{t.median}</dt>
            <dd>
              {formatWon(lastMonth.median)} <span className="fact-help">({monthText(lastMonth.month)})</span>
            </dd>
          </div>
        )}
      </dl>

      {empty ? (
        <p className="list-state">{t.noData}</p>
      ) : (
        <>
          <section className="trace-chart" aria-labelledby="trace-chart-title">
            <h2 id="trace-chart-title">{t.chart}</h2>
            <PriceChart sold={data.sold} asking={data.asking} medians={medians} labels={labels} ariaLabel={t.chartLabel(name)} />
          </section>
          {data.soldMonths.length > 0 && (
            <section aria-labelledby="trace-months-title">
              <h2 id="trace-months-title">{t.months}</h2>
              <MonthTable id="trace-sold-caption" caption={t.caption(name)} months={data.soldMonths} countLabel={t.colCount} />
            </section>
          )}
          {data.askingMonths.length > 0 && (
            <section aria-labelledby="trace-asking-title">
              <h2 id="trace-asking-title">{t.askingMonths}</h2>
              <MonthTable id="trace-asking-caption" caption={t.askingCaption(name)} months={data.askingMonths} countLabel={t.colAskCount} />
            </section>
          )}
          {data.recentSold.length > 0 && <SoldItems sales={data.recentSold} />}
        </>
      )}

      <section className="trace-for-sale" aria-labelledby="trace-for-sale-title">
        <h2 id="trace-for-sale-title">{t.forSale}</h2>
        {data.forSale.length === 0 ? (
          <p className="fact-help">{t.forSaleEmpty}</p>
        ) : (
          <ul className="market-cards">
            {data.forSale.map((item) => (
              <MarketCard key={item.key} item={item} now={now} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
