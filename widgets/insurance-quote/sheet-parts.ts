/**
 * What only a computed or saved quote needs, loaded with the first one (and at once on the public
 * page): the comparison table, the A4 sheet, printing and the PNG. The composer draws without them
 * (90 KB budget).
 */
export { Comparison, Sheet } from './Sheet';
export { SheetActions } from './SheetActions';
