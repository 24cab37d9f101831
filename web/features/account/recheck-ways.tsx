// The re-check's ways for a member without a password (docs/product/sign-in.md#re-check-without-a-password):
// a fresh round trip through a linked Kakao or Naver account, which comes back to this page, or
// one of the member's passkeys. Used by my-info's prompt and by the withdrawal dialog.
import { useState } from 'react';
import { PROVIDER_NAME, type OAuthProvider } from '../../../common/api/oauth';
import { ApiError } from '../../api/call';
import { postOAuthStart } from '../../shared/api/oauth-start';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { passkeyRecheck, RecheckCeremonyError } from './api/recheck';
import { koAccount } from './texts';

/** This page's address without the re-check mark: where the provider brings the member back. */
function hereWithoutMark() {
  const url = new URL(window.location.href);
  url.searchParams.delete('recheck');
  return url.pathname + url.search + url.hash;
}

export function RecheckWayButtons({
  providers,
  passkey,
  afterPasskey,
  onLeave,
}: {
  providers: OAuthProvider[];
  passkey: boolean;
  /** The session is marked by a passkey: what comes next. */
  afterPasskey: () => Promise<void> | void;
  /** Called just before the page leaves for the provider. */
  onLeave: () => void;
}) {
  const [busy, setBusy] = useState<OAuthProvider | 'passkey' | null>(null);
  const T = koAccount.recheck;

  const viaProvider = async (provider: OAuthProvider) => {
    if (busy) return;
    setBusy(provider);
    try {
      const { url } = await postOAuthStart({ provider, purpose: 'recheck', back: hereWithoutMark() });
      onLeave();
      window.location.assign(url);
    } catch {
      // The call helper has shown why.
      setBusy(null);
    }
  };
  const viaPasskey = async () => {
    if (busy) return;
    setBusy('passkey');
    try {
      await passkeyRecheck();
      await afterPasskey();
    } catch (e) {
      // Server refusals were shown by the call helper already.
      if (e instanceof RecheckCeremonyError) toast.info(e.message);
      else if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="account-recheck" role="group" aria-label={T.ways}>
      {providers.map((p) => (
        <LiteButton
          key={p}
          outlined
          icon="pi pi-user-plus"
          label={T.provider(PROVIDER_NAME[p])}
          loading={busy === p}
          disabled={busy !== null && busy !== p}
          className={`account-recheck-${p}`}
          onClick={() => void viaProvider(p)}
        />
      ))}
      {passkey && (
        <LiteButton
          outlined
          icon="pi pi-key"
          label={T.passkey}
          loading={busy === 'passkey'}
          disabled={busy !== null && busy !== 'passkey'}
          onClick={() => void viaPasskey()}
        />
      )}
    </div>
  );
}
