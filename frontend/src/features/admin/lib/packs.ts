/** 001 §2 / §9: Pack Performance lists the four packs, in this order, with zeros for no sale. */
import type { PackFigure } from '../api/admin.api';

export const PACK_ORDER = ['pack1', 'pack7', 'pack15', 'pack45'] as const;

export function packRows(figures: readonly PackFigure[]): PackFigure[] {
  return PACK_ORDER.map(
    (pack) => figures.find((figure) => figure.pack === pack) ?? { pack, sales: 0, credits: 0, revenue: 0, averagePerSale: 0 },
  );
}
