// Query key roots of the admin pages: every admin call's key starts with adminKey; the product
// and product map pages share theirs, as a product write changes both. Calls build their keys
// from these and writes invalidate through them.
export const adminKey = ['admin'] as const;
export const productListRoot = [...adminKey, 'product', 'list'] as const;
export const productDetailRoot = [...adminKey, 'product', 'detail'] as const;
export const productSearchRoot = [...adminKey, 'product', 'search'] as const;
export const productMapListRoot = [...adminKey, 'productMap', 'list'] as const;
export const productMapTestRoot = [...adminKey, 'productMap', 'test'] as const;

/** Everything a product write can change on these pages. */
export const productRoots = [productListRoot, productDetailRoot, productSearchRoot, productMapListRoot] as const;
