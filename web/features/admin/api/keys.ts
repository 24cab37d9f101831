// Query key roots of the admin product pages; calls build their keys from these and writes
// invalidate through them.
export const adminKey = ['admin'] as const;
export const productListRoot = [...adminKey, 'product', 'list'] as const;
export const productDetailRoot = [...adminKey, 'product', 'detail'] as const;
export const productSearchRoot = [...adminKey, 'product', 'search'] as const;
export const productMapListRoot = [...adminKey, 'productMap', 'list'] as const;
export const productMapTestRoot = [...adminKey, 'productMap', 'test'] as const;

/** Everything a product write can change on these pages. */
export const productRoots = [productListRoot, productDetailRoot, productSearchRoot, productMapListRoot] as const;
