import { useEffect } from 'react';

/**
 * An RSS autodiscovery link in the page head while the page is shown, so a browser extension or
 * a feed reader given the page's address finds the feed. null: the page has none (a board
 * visitors may not read has no feed).
 */
export function useFeedLink(href: string | null, title: string) {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = title;
    link.href = href;
    link.dataset.feed = 'board';
    document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}

/** The feed of a board, or of one of its categories (c0: the whole board). */
export const boardFeedPath = (boardId: string, category: string) =>
  `/feed/board/${encodeURIComponent(boardId)}.xml${category !== 'c0' ? `?category=${encodeURIComponent(category)}` : ''}`;
