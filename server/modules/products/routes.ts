// Product calls everyone may make: the maker list, a page of products, one product.
import { Empty } from '../../../common/api/common.js';
import { MakerList, ProductListQuery, ProductPage, ProductView, ProductViewQuery } from '../../../common/api/products.js';
import { cachedAnswer, PRODUCTS_TAG, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { listProducts, makerList, viewProduct } from './catalog-read.js';

/**
 * Cached answers (decision 22) live this long unless a product change (tag 'products') or, for a
 * view, a post change (its photos: tag 'all') drops them first.
 */
const MAKERS_TTL_MS = 10 * 60_000;
const LIST_TTL_MS = 60_000;
const VIEW_TTL_MS = 30_000;

export default async function productRoutes(app: App) {
  const { db, answers } = app.ctx;

  // The same for everyone; kept until products change (the time limit only bounds a missed signal).
  app.post('/api/product/makers', { schema: { body: Empty, response: { 200: MakerList } } }, async (req, reply) =>
    sendAnswer(req, reply, await cachedAnswer(answers, MakerList, 'product-makers', MAKERS_TTL_MS, [PRODUCTS_TAG], () => makerList(db))),
  );

  // A list is the same for every caller: one cached answer (a search is answered from the
  // in-memory product index and not kept).
  app.post('/api/product/list', { schema: { body: ProductListQuery, response: { 200: ProductPage } } }, async (req, reply) => {
    const q = req.body;
    if (q.search) return listProducts(db, q);
    const key = `product-list:${q.type}:${q.company}:${q.page}`;
    return sendAnswer(req, reply, await cachedAnswer(answers, ProductPage, key, LIST_TTL_MS, [PRODUCTS_TAG], () => listProducts(db, q)));
  });

  // Visitors and members see the same view; administrators (who also find hidden products) read afresh.
  app.post('/api/product/view', { schema: { body: ProductViewQuery, response: { 200: ProductView } } }, async (req, reply) => {
    const { productKey } = req.body;
    if ((await req.member())?.admin) return viewProduct(db, productKey, true);
    const answer = await cachedAnswer(answers, ProductView, `product-view:${productKey}`, VIEW_TTL_MS, [PRODUCTS_TAG, 'all', 'market'], () => viewProduct(db, productKey, false));
    return sendAnswer(req, reply, answer);
  });
}
