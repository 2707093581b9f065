/** A list answer's meta (ListResponse). */
export const listMeta = (total: number, offset: number, limit: number) => ({ total, offset, limit });
