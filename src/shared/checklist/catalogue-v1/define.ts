import type { ChecklistAreaId } from '../areas';
import type { CatalogueItem } from '../types';

/** Row writer for one area's file: `q('1-01', 'Question?', '142.11(e)')`. */
export function areaItems(areaId: ChecklistAreaId) {
  return (number: string, description: string, reference: string): CatalogueItem => ({
    number,
    areaId,
    description,
    reference,
  });
}
