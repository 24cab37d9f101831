// My-info dialog (SPEC §2, §4): modal, 500px (at most 90%). The login password first, then the
// profile form with 회원 탈퇴 and 저장 in the footer and the two histories under it. Everything is
// forgotten when the dialog closes.
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { AppDialog, FocusFirstField } from '../../ui/app-dialog';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../common/api/account';
import { closeAccountDialog, useAccountDialog } from '../../app/account-dialog-store';
import { ko } from '../../i18n/ko';
import { historyKey } from './api/history';
import { useUpdate } from './api/update';
import { HistoryTabs } from './history-tabs';
import { PasswordPrompt } from './password-prompt';
import { PROFILE_FORM_ID, ProfileForm } from './profile-form';
import { WithdrawalDialog } from './withdrawal-dialog';
import './account.css';

export default function MyInfoDialog() {
  const open = useAccountDialog() === 'myInfo';
  const client = useQueryClient();
  const update = useUpdate();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);

  // SPEC §2: reset when closed (the profile holds the security answer).
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setProfile(null);
      setWithdrawing(false);
    }
  }
  useEffect(() => {
    if (!open) client.removeQueries({ queryKey: historyKey });
  }, [open, client]);

  const footer = profile ? (
    <div className="my-info-footer">
      <Button type="button" label={ko.account.withdraw} icon="pi pi-user-minus" severity="danger" text onClick={() => setWithdrawing(true)} />
      <Button type="submit" form={PROFILE_FORM_ID} label={ko.account.save} icon="pi pi-check" loading={update.isPending} />
    </div>
  ) : undefined;

  return (
    <>
      <AppDialog
        header={ko.account.title}
        visible={open}
        onHide={closeAccountDialog}
        style={{ width: '500px', maxWidth: '90%' }}
        modal
        draggable={false}
        className="my-info-dialog"
        footer={footer}
      >
        {profile ? (
          <>
            <ProfileForm key={profile.userId} profile={profile} update={update} onSaved={setProfile} />
            <HistoryTabs />
            <FocusFirstField />
          </>
        ) : (
          <PasswordPrompt onProfile={setProfile} />
        )}
      </AppDialog>
      {profile && <WithdrawalDialog visible={open && withdrawing} onHide={() => setWithdrawing(false)} />}
    </>
  );
}
