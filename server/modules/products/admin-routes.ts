// Admin calls for products and the product map. Every one is guarded by requireAdmin before its
// body is even checked (visitors 401, members 403); every write leaves an admin_audit record
// inside its own transaction.
import {
  AdminProductDelete,
  AdminProductDeleted,
  AdminProductListQuery,
  AdminProductMerge,
  AdminProductMerged,
  AdminProductPage,
  AdminProductSave,
  AdminProductSaved,
  CatalogueUpdateResult,
  ProductMapDelete,
  ProductMapListQuery,
  ProductMapPage,
  ProductMapSave,
  ProductMapSaved,
  ProductMapTest,
  ProductMapTestResult,
} from '../../../common/api/products.js';
import { Empty, Ok } from '../../../common/api/common.js';
import { ExifAssign, ExifAssigned, ExifIgnore, ExifUnmatchedPage, ExifUnmatchedQuery } from '../../../common/api/product-exif.js';
import { audit, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { deleteMap, listMaps, saveMap, testMap } from './admin-maps.js';
import { deleteProduct, mergeProducts } from './admin-product-remove.js';
import { listAdminProducts, productsWritten, saveProduct } from './admin-products.js';
import { updateCatalogue } from './catalogue.js';
import { assignName } from './exif-assign.js';
import { listUnmatched, setIgnored } from './exif-unmatched.js';

export default async function adminProductRoutes(app: App) {
  const { db } = app.ctx;
  // The guard runs before the body is checked, so a visitor or member never learns a call's
  // field rules from its 400s (this plugin's own hook: it covers only the routes below).
  app.addHook('preValidation', async (req) => {
    await requireAdmin(req);
  });

  app.post('/api/admin/product/list', { schema: { body: AdminProductListQuery, response: { 200: AdminProductPage } } }, async (req) => {
    await requireAdmin(req);
    return listAdminProducts(db, req.body);
  });

  app.post('/api/admin/product/save', { schema: { body: AdminProductSave, response: { 200: AdminProductSaved } } }, async (req) =>
    saveProduct(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/product/delete', { schema: { body: AdminProductDelete, response: { 200: AdminProductDeleted } } }, async (req) =>
    deleteProduct(db, await requireAdmin(req), req.body.key),
  );

  app.post('/api/admin/product/merge', { schema: { body: AdminProductMerge, response: { 200: AdminProductMerged } } }, async (req) =>
    mergeProducts(db, await requireAdmin(req), req.body.from, req.body.into),
  );

  app.post('/api/admin/product/catalogue', { schema: { body: Empty, response: { 200: CatalogueUpdateResult } } }, async (req) => {
    const admin = await requireAdmin(req);
    const result = await db.transaction(async (tx) => {
      const counts = await updateCatalogue(tx);
      await audit(tx, admin, { action: 'product.catalogueUpdate', targetKind: 'catalogue', targetKey: 'lensfun', before: null, after: counts });
      return counts;
    });
    productsWritten(db);
    return result;
  });

  // Unmatched EXIF names (decision 52).
  app.post('/api/admin/product/exif-unmatched', { schema: { body: ExifUnmatchedQuery, response: { 200: ExifUnmatchedPage } } }, async (req) => {
    await requireAdmin(req);
    return listUnmatched(db, req.body);
  });

  app.post('/api/admin/product/exif-assign', { schema: { body: ExifAssign, response: { 200: ExifAssigned } } }, async (req) =>
    assignName(db, await requireAdmin(req), req.body.id, req.body.productKey),
  );

  app.post('/api/admin/product/exif-ignore', { schema: { body: ExifIgnore, response: { 200: Ok } } }, async (req) => {
    await setIgnored(db, await requireAdmin(req), req.body.id, req.body.ignored);
    return { ok: true as const };
  });

  app.post('/api/admin/product-map/list', { schema: { body: ProductMapListQuery, response: { 200: ProductMapPage } } }, async (req) => {
    await requireAdmin(req);
    return listMaps(db, req.body);
  });

  app.post('/api/admin/product-map/save', { schema: { body: ProductMapSave, response: { 200: ProductMapSaved } } }, async (req) =>
    saveMap(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/product-map/delete', { schema: { body: ProductMapDelete, response: { 200: Ok } } }, async (req) => {
    await deleteMap(db, await requireAdmin(req), req.body.id);
    return { ok: true as const };
  });

  app.post('/api/admin/product-map/test', { schema: { body: ProductMapTest, response: { 200: ProductMapTestResult } } }, async (req) => {
    await requireAdmin(req);
    return testMap(db, req.body.pattern);
  });
}
