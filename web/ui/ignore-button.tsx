// 차단하기 / 차단 해제 for a member (decision 46), where a member's name and actions are shown
// (a post's author, a member's space). Signed-in members only, never for themselves. Ignoring asks
// first (it says what changes and that the member is not told); undoing does not.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { koIgnore } from '../i18n/ko-ignore';
import { ignoredListKey, postIgnore, useIsIgnored } from '../shared/ignored';
import { useSessionUser } from '../shared/session-store';
import { confirm } from './confirm';
import { LiteButton } from './lite-button';
import { toast } from './toast-store';

export function IgnoreButton({ userId, nickName, className }: { userId: string; nickName: string; className?: string }) {
  const user = useSessionUser();
  const ignored = useIsIgnored(userId);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!user.logined || !userId || userId === user.userId) return null;

  const run = async (ignore: boolean) => {
    setBusy(true);
    try {
      await postIgnore(userId, ignore);
      toast.success(ignore ? koIgnore.done(nickName) : koIgnore.undone(nickName));
      void client.invalidateQueries({ queryKey: ignoredListKey });
    } catch {
      // The call helper has shown the server's words (an administrator cannot be ignored …).
    } finally {
      setBusy(false);
    }
  };

  const onClick = () => {
    if (ignored) return void run(false);
    confirm({ header: koIgnore.confirmHeader, message: koIgnore.confirm(nickName), icon: 'pi pi-eye-slash', accept: () => void run(true) });
  };

  return (
    <LiteButton
      icon={ignored ? 'pi pi-eye' : 'pi pi-eye-slash'}
      label={ignored ? koIgnore.unignore : koIgnore.ignore}
      aria-label={ignored ? koIgnore.unignoreLabel(nickName) : koIgnore.ignoreLabel(nickName)}
      outlined
      className={className}
      loading={busy}
      onClick={onClick}
    />
  );
}
