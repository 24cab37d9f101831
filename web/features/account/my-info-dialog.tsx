// My-info dialog (docs/product/members.md#my-info): modal, 500px (at most 90%). The login password first, then the
// profile form with 회원 탈퇴 and 저장 in the footer and the two histories under it. Everything is
// forgotten when the dialog closes.
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { AppDialog, FocusFirstField } from '../../ui/app-dialog';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../common/api/account';
import { closeAccountDialog, useAccountDialog } from '../../shared/account-dialog-store';
import { ignoredPath, marketAlertsPath, myGearPath, notifySettingsPath, passkeysPath, twoStepSettingsPath, watermarkSettingsPath } from '../../shared/paths';
import { LiteButton } from '../../ui/lite-button';
import { historyKey } from './api/history';
import { useUpdate } from './api/update';
import { HistoryTabs } from './history-tabs';
import { LinkedAccounts } from './linked-accounts';
import { PasswordPrompt } from './password-prompt';
import { PROFILE_FORM_ID, ProfileForm } from './profile-form';
import { WithdrawalDialog } from './withdrawal-dialog';
import { takeWithdrawalRecheck } from './withdrawal-return';
import './account.css';
import { koAccount } from './texts';

export default function MyInfoDialog() {
  const open = useAccountDialog() === 'myInfo';
  const client = useQueryClient();
  const update = useUpdate();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  /** Back from a withdrawal's re-check through Kakao or Naver: straight on to its last step. */
  const [withdrawRechecked, setWithdrawRechecked] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  const navigate = useNavigate();

  // Reset when closed: the profile holds the security answer (docs/product/members.md#my-info).
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setProfile(null);
      setWithdrawing(false);
      setWithdrawRechecked(false);
    }
  }
  const onProfile = useCallback((p: Profile) => {
    setProfile(p);
    if (takeWithdrawalRecheck()) {
      setWithdrawRechecked(true);
      setWithdrawing(true);
    }
  }, []);
  useEffect(() => {
    if (!open) client.removeQueries({ queryKey: historyKey });
  }, [open, client]);

  const footer = profile ? (
    <div className="my-info-footer">
      <Button type="button" label={koAccount.withdraw} icon="pi pi-user-minus" severity="danger" text onClick={() => setWithdrawing(true)} />
      <Button type="submit" form={PROFILE_FORM_ID} label={koAccount.save} icon="pi pi-check" loading={update.isPending} />
    </div>
  ) : undefined;

  return (
    <>
      <AppDialog
        header={koAccount.title}
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
            <LinkedAccounts />
            <HistoryTabs />
            <FocusFirstField />
          </>
        ) : (
          <PasswordPrompt onProfile={onProfile} />
        )}
        {/* Passkeys are added within the password prompt's 15 minutes (decision 3), so after it. */}
        {profile && (
          <LiteButton
            small
            text
            icon="pi pi-key"
            label={koAccount.passkeys}
            className="my-info-passkeys"
            onClick={() => {
              closeAccountDialog();
              navigate(passkeysPath);
            }}
          />
        )}
        {/* Two-step sign-in asks for the password on its own page before any change. */}
        <LiteButton
          small
          text
          icon="pi pi-shield"
          label={koAccount.twoStep}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(twoStepSettingsPath);
          }}
        />
        {/* My gear changes nothing of the account either. */}
        <LiteButton
          small
          text
          icon="pi pi-camera"
          label={koAccount.gear}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(myGearPath);
          }}
        />
        {/* Price alerts change nothing of the account either. */}
        <LiteButton
          small
          text
          icon="pi pi-tag"
          label={koAccount.marketAlerts}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(marketAlertsPath);
          }}
        />
        {/* The ignore list needs no password either (decision 46). */}
        <LiteButton
          small
          text
          icon="pi pi-eye-slash"
          label={koAccount.ignored}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(ignoredPath());
          }}
        />
        {/* The gallery watermark changes nothing of the account either. */}
        <LiteButton
          small
          text
          icon="pi pi-image"
          label={koAccount.watermark}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(watermarkSettingsPath);
          }}
        />
        {/* Notification settings need no password: they change nothing of the account. */}
        <LiteButton
          small
          text
          icon="pi pi-bell"
          label={koAccount.notifySettings}
          className="my-info-notify"
          onClick={() => {
            closeAccountDialog();
            navigate(notifySettingsPath);
          }}
        />
      </AppDialog>
      {profile && (
        <WithdrawalDialog
          visible={open && withdrawing}
          rechecked={withdrawRechecked}
          onHide={() => {
            setWithdrawing(false);
            setWithdrawRechecked(false);
          }}
        />
      )}
    </>
  );
}
