// marketWrite (/market/write): the write form for members who may sell; the reason for others.
// ?product=<key> fills it from that product (product-prefill.ts); ?kind=wanted makes it a wanted ad.
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../ui/document-title';
import { ListLoading } from '../../ui/list-state';
import { MarketEditor } from './market-editor';
import { useProductPrefill } from './product-prefill';
import { SellGate } from './sell-gate';
import './market.css';
import { koMarket } from './texts';

export default function MarketWritePage() {
  // ?kind=wanted: a wanted ad (삽니다).
  const wanted = useSearchParams()[0].get('kind') === 'wanted';
  const title = wanted ? koMarket.wanted.writeTitle : koMarket.editor.writeTitle;
  useDocumentTitle(title);
  const { pending, prefill } = useProductPrefill();
  return (
    <section className="market-page market-write-page">
      <header className="market-head">
        <h1>{title}</h1>
      </header>
      <SellGate>
        {pending ? <ListLoading /> : <MarketEditor prefill={prefill} kind={wanted ? 'wanted' : 'sell'} />}
      </SellGate>
    </section>
  );
}
