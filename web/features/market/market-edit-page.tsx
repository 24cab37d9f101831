// marketEdit (/market/edit/{key}): the seller's (or an admin's) edit form, filled from the view.
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../ui/document-title';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { useMarketView } from './api/market-view';
import { MarketEditor } from './market-editor';
import { SellNotice } from './sell-gate';
import './market.css';
import { koMarket } from './texts';

export default function MarketEditPage() {
  const { key: rawKey } = useParams();
  const key = /^\d{1,15}$/.test(rawKey ?? '') ? Number(rawKey) : 0;
  const view = useMarketView(key);
  const item = view.data;
  const title = item?.kind === 'wanted' ? koMarket.wanted.editTitle : koMarket.editor.editTitle;
  useDocumentTitle(title);
  return (
    <section className="market-page market-write-page">
      <header className="market-head">
        <h1>{title}</h1>
      </header>
      {view.isPending ? (
        <ListLoading />
      ) : !item ? (
        <ListFailed onRetry={() => void view.refetch()} />
      ) : !item.abilities.canEdit ? (
        <SellNotice text={koMarket.view.notEditable} />
      ) : (
        <MarketEditor key={item.key} item={item} />
      )}
    </section>
  );
}
