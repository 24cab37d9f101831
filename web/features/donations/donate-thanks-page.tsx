// donateThanks (/donate/thanks): the donors of one year (the newest by default, others by the
// year links, kept in the address as ?year=), each with the date, the amount when public and their
// message, and the year's total of public amounts. Anonymous donors show as 익명.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { DonateThanks } from '../../../common/api/donations';
import { formatNumber } from '../../../common/format';
import { callAwait } from '../../api/call';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import './donations.css';
import { donateThanksPath } from '../../shared/paths';
import { koThanks as t } from './texts';

const yearParam = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1990 && n <= 2200 ? n : undefined;
};

export default function DonateThanksPage() {
  const title = ko.pages.donateThanks;
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const year = yearParam(params.get('year'));
  const thanks = useQuery({
    queryKey: ['donate', 'thanks', year ?? null] as const,
    queryFn: () => callAwait<DonateThanks>('/api/donate/thanks', { data: year ? { year } : {} }),
  });
  const data = thanks.data;

  return (
    <section className="thanks-page">
      <header className="thanks-head">
        <h1>
          <i className="pi pi-heart-fill" aria-hidden="true" /> {title}
        </h1>
        <p className="thanks-intro">{t.intro}</p>
      </header>
      {!data ? (
        <p className="thanks-loading" role="status">
          {thanks.isError ? ko.error.generic : t.loading}
        </p>
      ) : data.year === null ? (
        <div className="thanks-empty">
          <i className="pi pi-heart" aria-hidden="true" />
          <h2>{t.emptyTitle}</h2>
          <p>{t.emptyBody}</p>
        </div>
      ) : (
        <>
          {data.years.length > 1 && (
            <nav className="thanks-years" aria-label={t.years}>
              <ul>
                {data.years.map((y) => (
                  <li key={y}>
                    <Link to={donateThanksPath(y)} aria-current={y === data.year ? 'page' : undefined} className="thanks-year">
                      {t.yearTab(y)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="thanks-summary">
            <p className="thanks-total">{t.total(data.year, formatNumber(data.total))}</p>
            <p className="thanks-count">{t.count(formatNumber(data.count))}</p>
          </div>
          {data.items.length === 0 ? (
            <div className="thanks-empty">
              <p>{t.emptyBody}</p>
            </div>
          ) : (
            <ul className="thanks-list" aria-label={t.listLabel(data.year)}>
              {data.items.map((item) => (
                <li key={item.id} className="thanks-item">
                  <div className="thanks-item-head">
                    <span className="thanks-name">{item.name}</span>
                    <span className={item.amount === null ? 'thanks-amount is-private' : 'thanks-amount'}>
                      {item.amount === null ? t.privateAmount : `${formatNumber(item.amount)}원`}
                    </span>
                  </div>
                  <time className="thanks-date" dateTime={item.donatedOn}>
                    {item.donatedOn.replaceAll('-', '.')}
                  </time>
                  {item.message && <p className="thanks-message">{item.message}</p>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
