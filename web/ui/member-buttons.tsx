// Letters, scraps and my-info buttons shown to a signed-in member (inline login and drawer).
import { useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { focusPage } from './focus';
import { LiteButton } from './lite-button';
import { openMyInfo } from '../shared/account-dialog-store';
import { favoriteListPath, letterBoxPath, notifySettingsPath } from '../shared/paths';

export function MemberButtons({ onAction }: { onAction?: () => void }) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onAction?.();
    navigate(path);
    focusPage();
  };
  return (
    <div className="member-buttons">
      <LiteButton small outlined icon="pi pi-envelope" label={ko.menu.letters} onClick={() => go(letterBoxPath())} />
      <LiteButton small outlined icon="pi pi-bookmark" label={ko.menu.scraps} onClick={() => go(favoriteListPath())} />
      <LiteButton
        small
        outlined
        icon="pi pi-user"
        label={ko.menu.myInfo}
        onClick={() => {
          onAction?.();
          openMyInfo();
        }}
      />
      <LiteButton small outlined icon="pi pi-bell" label={ko.menu.notifySettings} onClick={() => go(notifySettingsPath)} />
    </div>
  );
}
