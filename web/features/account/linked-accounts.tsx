// My info: the linked Kakao and Naver accounts (docs/product/sign-in.md#kakao-and-naver). Shown after
// the password prompt, whose 15 minutes linking and unlinking need (decision 3). Linking leaves for
// the provider's page and comes back to a notice; unlinking keeps at least one way to sign in.
import { useState } from 'react';
import { PROVIDER_NAME, type OAuthProvider } from '../../../common/api/oauth';
import { postOAuthStart } from '../../shared/api/oauth-start';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useLinks, useUnlink } from './api/links';
import { koAccount } from './texts';

export function LinkedAccounts() {
  const links = useLinks();
  const unlink = useUnlink();
  const [leaving, setLeaving] = useState<OAuthProvider | null>(null);
  const data = links.data;
  if (!data || (data.links.length === 0 && data.available.length === 0)) return null;
  const T = koAccount.links;

  const link = async (provider: OAuthProvider) => {
    if (leaving) return;
    setLeaving(provider);
    try {
      window.location.assign((await postOAuthStart({ provider, purpose: 'link' })).url);
    } catch {
      setLeaving(null);
    }
  };

  return (
    <section className="linked-accounts" aria-labelledby="linked-accounts-title">
      <h3 id="linked-accounts-title">{T.title}</h3>
      {data.links.length === 0 ? (
        <p className="field-hint">{T.none}</p>
      ) : (
        <ul className="linked-list">
          {data.links.map((l) => (
            <li key={l.provider}>
              <span className="linked-name">{PROVIDER_NAME[l.provider]}</span>
              <span className="linked-when">
                {T.linkedAt(l.linkedAt)}
                {l.lastUsedAt && ` · ${T.lastUsed(l.lastUsedAt)}`}
              </span>
              <LiteButton
                outlined
                icon="pi pi-times"
                label={T.unlink}
                aria-label={T.unlinkOne(PROVIDER_NAME[l.provider])}
                aria-describedby={l.canUnlink ? undefined : 'linked-last-way'}
                disabled={!l.canUnlink || unlink.isPending}
                onClick={() => unlink.mutate(l.provider, { onSuccess: (r) => toast.success(r.message) })}
              />
            </li>
          ))}
        </ul>
      )}
      {data.links.some((l) => !l.canUnlink) && (
        <p className="field-hint" id="linked-last-way">
          {T.lastWay}
        </p>
      )}
      {data.available.length > 0 && (
        <div className="linked-add">
          {data.available.map((p) => (
            <LiteButton key={p} icon="pi pi-link" label={T.link(PROVIDER_NAME[p])} loading={leaving === p} onClick={() => void link(p)} />
          ))}
        </div>
      )}
    </section>
  );
}
