import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuEntry } from '../../common/api/menu';
import { ko } from '../i18n/ko';
import { isExternal } from '../shared/menu-tree';

export function ShortKeyBadge({ shortKey }: { shortKey: string }) {
  const k = shortKey.trim();
  if (!k) return null;
  return (
    <kbd className="shortkey" title={ko.menu.shortKey(k.toUpperCase())}>
      {k.toUpperCase()}
    </kbd>
  );
}

/** One menu item as a link: client-side for site URLs, a plain anchor for other sites. */
export function MenuLink({
  entry,
  className,
  onClick,
  children,
}: {
  entry: MenuEntry;
  className?: string;
  onClick?: (e: MouseEvent) => void;
  children?: ReactNode;
}) {
  const body = children ?? (
    <>
      <i className={`${entry.icon || ''} menu-icon`} aria-hidden="true" />
      <span className="menu-label">{entry.programName}</span>
      <ShortKeyBadge shortKey={entry.shortKey} />
    </>
  );
  if (isExternal(entry)) {
    return (
      <a href={entry.url} target={entry.taget || '_blank'} rel="noopener noreferrer" className={className} onClick={onClick}>
        {body}
      </a>
    );
  }
  return (
    <Link to={entry.url} className={className} onClick={onClick}>
      {body}
    </Link>
  );
}
