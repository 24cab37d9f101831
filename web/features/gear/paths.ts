// Addresses of my gear: the page that manages it (my-info and the member's space link here) and
// "팔기", the market's write form filled from a product (market/product-prefill.ts reads it).
export const myGearPath = '/user/gear';
export const sellPath = (productKey: string) => `/market/write?product=${encodeURIComponent(productKey)}`;
