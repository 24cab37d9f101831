// Letters, scraps and my-info buttons shown to a signed-in member (inline login and drawer).
import { useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { focusPage } from '../ui/focus';
import { LiteButton } from '../ui/lite-button';
import { openMyInfo } from './account-dialog-store';

export function MemberButtons({ onAction }: { onAction?: () => void }) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onAction?.();
    navigate(path);
    focusPage();
  };
  return (
    <div className="member-buttons">
      <LiteButton small outlined icon="pi pi-envelope" label={ko.menu.letters} onClick={() => go('/letter/receive')} />
      <LiteButton small outlined icon="pi pi-bookmark" label={ko.menu.scraps} onClick={() => go('/favorite/list')} />
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
    </div>
  );
}
