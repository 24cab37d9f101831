/** A page of a list (docs/api.md): the contract's pageOf shape, without loading zod on the page. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
