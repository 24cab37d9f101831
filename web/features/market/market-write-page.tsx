// marketWrite (/market/write): the write form for members who may sell; the reason for others.
import { useDocumentTitle } from '../../ui/document-title';
import { MarketEditor } from './market-editor';
import { SellGate } from './sell-gate';
import './market.css';
import { koMarket } from './texts';

export default function MarketWritePage() {
  useDocumentTitle(koMarket.editor.writeTitle);
  return (
    <section className="market-page market-write-page">
      <header className="market-head">
        <h1>{koMarket.editor.writeTitle}</h1>
      </header>
      <SellGate>
        <MarketEditor />
      </SellGate>
    </section>
  );
}
