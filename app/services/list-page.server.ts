/**
 * One page of a back-office list: the page asked for (1 when
 * none or below), how many pages there are (at least one), and the rows to
 * read, or every row for an export.
 */
export function listPage(options: { page?: number; all?: boolean }, pageSize: number, total: number | string | bigint) {
  const page = Math.max(1, options.page ?? 1);
  const count = Number(total);
  return {
    page,
    total: count,
    pageCount: Math.max(1, Math.ceil(count / pageSize)),
    /** null: every row (an export). */
    rows: options.all ? null : { limit: pageSize, offset: (page - 1) * pageSize },
  };
}
