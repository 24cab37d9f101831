// The optional second logo beside the site logo: image with a tooltip (its name), a year label,
// linking to its page.
import { Tooltip } from 'primereact/tooltip';
import type { LogoInfo } from '../../common/api/session';

export default function SecondLogo({ logo }: { logo: LogoInfo }) {
  const img = <img src={logo.image} alt={logo.name} className="second-logo-img" />;
  return (
    <span className="second-logo">
      <Tooltip target=".second-logo-link" position="bottom" />
      {logo.imageUrl ? (
        <a href={logo.imageUrl} className="second-logo-link" data-pr-tooltip={logo.name} aria-label={logo.name}>
          {img}
        </a>
      ) : (
        <span className="second-logo-link" data-pr-tooltip={logo.name} tabIndex={0}>
          {img}
        </span>
      )}
      {logo.year && <span className="second-logo-year">{logo.year}</span>}
    </span>
  );
}
