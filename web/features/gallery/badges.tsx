import { koGallery } from './texts';
// The owner's badges on a gallery item: "전시 중" (in their museum) and "오늘의 사진 M/D" for each
// date it was picked.

const monthDay = (date: string) => {
  const [, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}`;
};

export function Badges({ inMuseum, todayDates }: { inMuseum?: boolean | undefined; todayDates?: readonly string[] | undefined }) {
  if (!inMuseum && !todayDates?.length) return null;
  return (
    <p className="gallery-badges">
      {inMuseum && (
        <span className="gallery-badge badge-museum" title={koGallery.inMuseumTitle}>
          <i className="pi pi-building-columns" aria-hidden="true" /> {koGallery.inMuseum}
        </span>
      )}
      {todayDates?.map((d) => (
        <span key={d} className="gallery-badge badge-today">
          <i className="pi pi-sun" aria-hidden="true" /> {koGallery.today(monthDay(d))}
        </span>
      ))}
    </p>
  );
}
