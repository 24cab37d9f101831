// The frame of every page of a member's space: the header card (nickname, level star and name,
// join date, real-name badge, letter button) and the tabs with their counts, each tab its own
// address. A withdrawn member's space says so politely and lists nothing. The museum tab's page
// uses this frame too: <SpaceFrame tab="museum">{(info) => …}</SpaceFrame>.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { formatDate, formatNumber } from '../../../common/format';
import { ApiError } from '../../api/call';
import { composeLetter } from '../../shared/compose-letter-store';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { LevelStar } from '../../ui/level-star';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { LiteButton } from '../../ui/lite-button';
import { IgnoreButton } from '../../ui/ignore-button';
import { useSpaceInfo } from './api/space-info';
import { spacePath, type SpaceTab, myGalleryPath } from '../../shared/paths';
import './space.css';
import { koSpace } from './texts';

const s = koSpace;

const TABS: ReadonlyArray<{ tab: SpaceTab; count: keyof SpaceInfo['counts'] | null }> = [
  { tab: 'home', count: null },
  { tab: 'board', count: 'posts' },
  { tab: 'gallery', count: 'gallery' },
  { tab: 'market', count: 'market' },
  { tab: 'comment', count: 'comments' },
  { tab: 'museum', count: 'museum' },
];

function SpaceTabs({ info, tab }: { info: SpaceInfo; tab: SpaceTab }) {
  return (
    <nav className="space-tabs" aria-label={s.tabs}>
      <ul>
        {TABS.map((t) => (
          <li key={t.tab}>
            <Link to={spacePath(info.userId, t.tab)} aria-current={t.tab === tab ? 'page' : undefined} className={t.tab === tab ? 'active' : undefined}>
              {s.tab[t.tab]}
              {t.count && <span className="space-tab-count">{formatNumber(info.counts[t.count])}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Opens the shell's letter form (loaded on first use) addressed to this member. */
function LetterButton({ info }: { info: SpaceInfo }) {
  return (
    <LiteButton
      icon="pi pi-envelope"
      label={s.letter}
      aria-label={s.letterLabel(info.nickName)}
      outlined
      small
      aria-haspopup="dialog"
      onClick={() => composeLetter.open({ receiver: info.userId })}
    />
  );
}

function SpaceCard({ info, tab }: { info: SpaceInfo; tab: SpaceTab }) {
  const user = useSessionUser();
  return (
    <header className="space-card">
      <div className="space-card-top">
        <span className="space-avatar" aria-hidden="true">
          {[...info.nickName][0] ?? '?'}
        </span>
        <div className="space-card-text">
          <h1 className="space-name">
            <span className="space-nick">{s.card(info.nickName)}</span>
            <LevelStar levelKey={info.levelKey} />
          </h1>
          <p className="space-meta">
            {info.levelName && <span className="space-level">{info.levelName}</span>}
            <span>{s.joined(formatDate(info.joinDate))}</span>
            {info.real && (
              <span className="space-real" title={s.realTitle}>
                <i className="pi pi-verified" aria-hidden="true" /> {s.real}
              </span>
            )}
          </p>
        </div>
        <div className="space-card-actions">
          {info.mine ? (
            <Link to={myGalleryPath} className="p-button p-component p-button-outlined p-button-sm">
              <span className="p-button-icon p-button-icon-left pi pi-images" aria-hidden="true" />
              <span className="p-button-label">{s.myGallery}</span>
            </Link>
          ) : (
            user.logined &&
            !info.withdrawn && (
              <>
                <LetterButton info={info} />
                <IgnoreButton userId={info.userId} nickName={info.nickName} />
              </>
            )
          )}
        </div>
      </div>
      {info.withdrawn ? null : <SpaceTabs info={info} tab={tab} />}
    </header>
  );
}

export function SpaceFrame({ tab, title, children }: { tab: SpaceTab; title?: string; children: (info: SpaceInfo) => ReactNode }) {
  const { userId = '' } = useParams();
  const info = useSpaceInfo(userId);
  const nick = info.data?.nickName;
  useDocumentTitle(nick ? (title ? `${s.card(nick)} - ${title}` : s.card(nick)) : s.tab[tab]);

  if (info.isPending) {
    return (
      <section className="space-page">
        <ListLoading text={s.loading} />
      </section>
    );
  }
  if (!info.data) {
    const missing = info.error instanceof ApiError && info.error.status === 404;
    return (
      <section className="space-page">
        {missing ? (
          <p className="list-state" role="alert">
            <i className="pi pi-user-minus" aria-hidden="true" /> {s.notFound}
          </p>
        ) : (
          <ListFailed onRetry={() => void info.refetch()} />
        )}
      </section>
    );
  }
  const data = info.data;
  return (
    <section className="space-page">
      <SpaceCard info={data} tab={tab} />
      {data.withdrawn ? (
        <div className="space-withdrawn" role="status">
          <i className="pi pi-moon" aria-hidden="true" />
          <p className="space-withdrawn-title">{s.withdrawn}</p>
          <p>{s.withdrawnBody}</p>
        </div>
      ) : (
        <div className="space-body">{children(data)}</div>
      )}
    </section>
  );
}
