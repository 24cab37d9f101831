// "카카오로 시작하기" and "네이버로 로그인" (docs/product/sign-in.md#kakao-and-naver): one button per
// provider the site has keys for; a click asks the server for the provider's address and goes there.
// Native buttons: the inline login is on the home page's first load.
import { useState } from 'react';
import type { OAuthProvider } from '../../common/api/oauth';
import { koOAuth } from '../i18n/ko-oauth';
import { postOAuthStart } from '../shared/api/oauth-start';
import { useSite } from '../shared/api/site';
import './oauth-buttons.css';

function Mark({ provider }: { provider: OAuthProvider }) {
  // The speech bubble of Kakao's guide; Naver's N.
  return provider === 'kakao' ? (
    <svg viewBox="0 0 18 18" aria-hidden="true">
      <path fill="currentColor" d="M9 1.5C4.6 1.5 1 4.3 1 7.8c0 2.2 1.5 4.2 3.7 5.3l-.9 3.4c-.1.3.3.5.5.3l4-2.7c.2 0 .5.1.7.1 4.4 0 8-2.8 8-6.3S13.4 1.5 9 1.5z" />
    </svg>
  ) : (
    <svg viewBox="0 0 18 18" aria-hidden="true">
      <path fill="currentColor" d="M12.1 9.6 5.7 1H1v16h4.9V8.4l6.4 8.6H17V1h-4.9z" />
    </svg>
  );
}

export function OAuthButtons({ remember, separator = true }: { remember?: boolean; separator?: boolean }) {
  const providers = useSite().data?.oauth ?? [];
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  if (providers.length === 0) return null;

  const go = async (provider: OAuthProvider) => {
    if (busy) return;
    setBusy(provider);
    try {
      const { url } = await postOAuthStart({ provider, remember: remember ?? false });
      window.location.assign(url);
    } catch {
      // The call helper has shown why.
      setBusy(null);
    }
  };

  return (
    <div className="oauth-block">
      {separator && <p className="oauth-or">{koOAuth.or}</p>}
      <div className="oauth-buttons" role="group" aria-label={koOAuth.group}>
        {providers.map((p) => (
          <button key={p} type="button" className={`oauth-button oauth-${p}`} aria-busy={busy === p || undefined} disabled={busy !== null} onClick={() => void go(p)}>
            <Mark provider={p} />
            <span>{koOAuth.start[p]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
