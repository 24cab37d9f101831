// Query key roots of the products feature; every call file builds its keys from these.
export const productsKey = ['products'] as const;
export const makersRoot = [...productsKey, 'makers'] as const;
export const productListRoot = [...productsKey, 'list'] as const;
export const productViewRoot = [...productsKey, 'view'] as const;
