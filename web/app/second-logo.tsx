// The optional second logo beside the site logo: image with a tooltip (its name), a year label,
// linking to its page. The browser's own tooltip (title) keeps the widget code off the first load.
// In the phone's drawer it is a row with its name written out beside the image.
import type { LogoInfo } from '../../common/api/session';

export default function SecondLogo({ logo }: { logo: LogoInfo }) {
  const img = <img src={logo.image} alt={logo.name} className="second-logo-img" />;
  return (
    <span className="second-logo">
      {logo.imageUrl ? (
        <a href={logo.imageUrl} className="second-logo-link" title={logo.name}>
          {img}
        </a>
      ) : (
        <span className="second-logo-link" title={logo.name}>
          {img}
        </span>
      )}
      {logo.year && <span className="second-logo-year">{logo.year}</span>}
    </span>
  );
}

/** The drawer's row: the name is the visible text, so the image is decoration. */
export function SecondLogoRow({ logo }: { logo: LogoInfo }) {
  const body = (
    <>
      <img src={logo.image} alt="" className="second-logo-img" />
      <span>{logo.name}</span>
    </>
  );
  return logo.imageUrl ? (
    <a href={logo.imageUrl} className="drawer-second-logo">
      {body}
    </a>
  ) : (
    <p className="drawer-second-logo">{body}</p>
  );
}
