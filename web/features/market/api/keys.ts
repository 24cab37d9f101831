// Query key roots of the market feature; every call file builds its keys from these.
export const marketKey = ['market'] as const;
export const marketCategoriesRoot = [...marketKey, 'categories'] as const;
export const marketListRoot = [...marketKey, 'list'] as const;
export const marketViewRoot = [...marketKey, 'view'] as const;
export const marketBidsRoot = [...marketKey, 'bids'] as const;
export const marketTraceRoot = [...marketKey, 'trace'] as const;
export const marketProductSearchRoot = [...marketKey, 'product-search'] as const;
export const marketSellRoot = [...marketKey, 'sell-check'] as const;
export const marketAlertsRoot = [...marketKey, 'alerts'] as const;
