// The credit a catalogue product's page carries: lensfun's data, CC BY-SA 3.0 (docs/product/products.md#catalogue).
import { CATALOGUE_ATTRIBUTION as A } from '../../../common/products/attribution';
import { koProducts } from './texts';

const v = koProducts.view;

export function CatalogueCredit() {
  return (
    <footer className="product-credit">
      <i className="pi pi-info-circle" aria-hidden="true" /> {v.attributionBefore}
      <a href={A.sourceUrl} target="_blank" rel="noopener noreferrer">
        {A.source}
      </a>
      {v.attributionAfter}{' '}
      <a href={A.licenceUrl} target="_blank" rel="noopener noreferrer license">
        {A.licence}
      </a>
    </footer>
  );
}
