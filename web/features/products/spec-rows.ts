// The label/value rows of a product page: the measured figures the catalogue knows (a body's crop
// factor, focal length, aperture) first, unless the product's own rows already name them, then
// its rows, less the mount the page already shows above them.
import type { ProductView } from '../../../common/api/products';
import { koProducts } from './texts';

const v = koProducts.view;

/** 2.8 → "2.8", 1.39999 (a float4) → "1.4". */
const num = (n: number) => String(Math.round(n * 10) / 10);

function range(a: number | null, b: number | null): string | null {
  if (a === null && b === null) return null;
  const lo = a ?? b!;
  const hi = b ?? a!;
  return Math.abs(hi - lo) < 0.05 ? num(lo) : `${num(lo)}–${num(hi)}`;
}

export function specRows(p: ProductView): Array<{ label: string; value: string }> {
  const own = new Set(p.specs.map((s) => s.label));
  const focal = range(p.focalMin, p.focalMax);
  const aperture = range(p.apertureMin, p.apertureMax);
  const measured: Array<[string, string | null]> = [
    // A lens's crop factor is that of the body it was measured on: it says nothing about the lens.
    [v.cropFactor, p.type === 'body' && p.cropFactor ? `${num(p.cropFactor)}×` : null],
    [v.focal, focal && `${focal}mm`],
    [v.aperture, aperture && `F${aperture}`],
  ];
  const shown = measured.flatMap(([label, value]) => (value !== null && !own.has(label) ? [{ label, value }] : []));
  return [...shown, ...p.specs.filter((s) => !(s.label === v.mount && s.value === p.mount))];
}
