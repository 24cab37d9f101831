// My-info: whether the member's address is verified, and a button that sends the link again
// (docs/product/members.md#email). Shown only when the site sends mail.
import type { Profile } from '../../../common/api/account';
import { useSite } from '../../shared/api/site';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useSendVerification } from './api/mail';
import { koMail } from './mail-texts';
import './mail.css';

export function EmailStatus({ profile, editedEmail }: { profile: Pick<Profile, 'email' | 'emailVerified'>; editedEmail: string }) {
  const mail = useSite().data?.mail ?? false;
  const send = useSendVerification();
  if (!mail || !profile.email) return null;
  if (editedEmail.trim().toLowerCase() !== profile.email.toLowerCase()) {
    return <small className="field-hint">{koMail.changedHint}</small>;
  }
  return (
    <div className="email-status">
      {profile.emailVerified ? (
        <span className="email-status-badge is-verified">
          <i className="pi pi-verified" aria-hidden="true" /> {koMail.statusLabel}: {koMail.verified}
        </span>
      ) : (
        <>
          <span className="email-status-badge is-unverified">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /> {koMail.statusLabel}: {koMail.unverified}
          </span>
          <LiteButton
            small
            outlined
            icon="pi pi-envelope"
            label={koMail.resend}
            loading={send.isPending}
            onClick={() => send.mutate(undefined, { onSuccess: ({ message }) => toast.success(message) })}
          />
        </>
      )}
    </div>
  );
}
