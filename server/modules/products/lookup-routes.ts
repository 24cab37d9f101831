// Product look-ups everyone may make: the pickers' search and EXIF matching. Both read the
// in-memory index (product-index.ts), never the database per call.
import { ProductMatchQuery, ProductMatchResult, ProductSearchQuery, ProductSearchResult } from '../../../common/api/products.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { matchExif } from './exif-match.js';
import { productIndex } from './product-index.js';
import { productCard } from './present.js';
import { PICKER_LIMIT, searchProducts } from './search.js';

export default async function productLookupRoutes(app: App) {
  const { db, config } = app.ctx;
  // Per client: a picker searches as the member types; matching is for a page of photos at a time.
  const limit = (max: number) => (config.rateLimit ? { max, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests() } : false);

  app.post(
    '/api/product/search',
    { schema: { body: ProductSearchQuery, response: { 200: ProductSearchResult } }, config: { rateLimit: limit(300) } },
    async (req) => {
      const found = searchProducts(await productIndex(db), req.body.q, { limit: PICKER_LIMIT });
      return { items: found.map(productCard) };
    },
  );

  app.post(
    '/api/product/match',
    { schema: { body: ProductMatchQuery, response: { 200: ProductMatchResult } }, config: { rateLimit: limit(120) } },
    async (req) => {
      const { make, model, lens } = req.body;
      const found = matchExif(await productIndex(db), { make, model, lens: lens ?? null });
      return { camera: found.camera && productCard(found.camera), lens: found.lens && productCard(found.lens) };
    },
  );
}
