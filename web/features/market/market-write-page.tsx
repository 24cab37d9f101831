// marketWrite (/market/write): the write form for members who may sell; the reason for others.
// ?product=<key> fills it from that product (product-prefill.ts).
import { useDocumentTitle } from '../../ui/document-title';
import { ListLoading } from '../../ui/list-state';
import { MarketEditor } from './market-editor';
import { useProductPrefill } from './product-prefill';
import { SellGate } from './sell-gate';
import './market.css';
import { koMarket } from './texts';

export default function MarketWritePage() {
  useDocumentTitle(koMarket.editor.writeTitle);
  const { pending, prefill } = useProductPrefill();
  return (
    <section className="market-page market-write-page">
      <header className="market-head">
        <h1>{koMarket.editor.writeTitle}</h1>
      </header>
      <SellGate>
        {pending ? <ListLoading /> : <MarketEditor prefill={prefill} />}
      </SellGate>
    </section>
  );
}
