/** Where a requested page of `limit` rows lands among `total`: past the last page, on the last one. */
export function pageWindow(total: number, query: { page: number; limit: number }): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const page = Math.min(query.page, pages);
  return { page, pages, offset: (page - 1) * query.limit };
}
