// Line drawings that stand in for a product without pictures: a camera body and a lens barrel
// of our own; flashes and accessories use PrimeIcons.
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinejoin: 'round', strokeLinecap: 'round' } as const;

function BodyDrawing() {
  return (
    <svg viewBox="0 0 64 48" className="type-drawing" aria-hidden="true" focusable="false">
      <path {...stroke} d="M6 14h12l4-6h20l4 6h12a3 3 0 0 1 3 3v24a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V17a3 3 0 0 1 3-3z" />
      <circle {...stroke} cx="32" cy="29" r="10" />
      <circle {...stroke} cx="32" cy="29" r="5" />
      <path {...stroke} d="M9 10h6" />
      <circle cx="52" cy="20" r="1.8" fill="currentColor" />
    </svg>
  );
}

function LensDrawing() {
  return (
    <svg viewBox="0 0 64 48" className="type-drawing" aria-hidden="true" focusable="false">
      <path {...stroke} d="M8 16h6v16H8z" />
      <path {...stroke} d="M14 12h30v24H14z" />
      <path {...stroke} d="M44 9h10a2 2 0 0 1 2 2v26a2 2 0 0 1-2 2H44z" />
      <path {...stroke} d="M22 12v24M28 12v24" />
      <path {...stroke} d="M59 14c2 6 2 14 0 20" />
    </svg>
  );
}

const ICONS: Record<string, string> = { flash: 'pi pi-bolt', accessory: 'pi pi-box' };

export function TypeDrawing({ type }: { type: string }) {
  if (type === 'body') return <BodyDrawing />;
  if (type === 'lens') return <LensDrawing />;
  return <i className={ICONS[type] ?? 'pi pi-image'} aria-hidden="true" />;
}
