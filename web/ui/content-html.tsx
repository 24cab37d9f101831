// Member-written content as the server sends it: already sanitised and token-rendered
// (common/content on the server). This only places it, starts auction countdowns ticking and
// lets links to our own pages navigate inside the app instead of reloading it.
import '../../common/content/content.css';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { startCountdowns } from '../../common/content/countdown';
import { linkKind } from '../../common/content/urls';

export function ContentHtml({ html, className = '' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const root = ref.current;
    return root ? startCountdowns(root) : undefined;
  }, [html]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    // Only our own pages (a path, no new tab); downloads and other sites keep their default.
    if (!a || !href || a.target || linkKind(href) !== 'path' || href.startsWith('/api/')) return;
    e.preventDefault();
    void navigate(href);
  };

  return (
    // The handler only routes clicks on the links inside; the links are the keyboard path.
    <div ref={ref} className={`content-body ${className}`.trim()} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
