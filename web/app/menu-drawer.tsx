// Below 960px the menu is a left drawer (docs/product/site.md#top-menu): logged out it starts with the password-find
// button and the inline login; logged in with letters, scraps and my-info buttons; then the
// groups (headings, not links) and their items; then the second logo with its name, and the
// display settings.
import { Button } from 'primereact/button';
import { AppDrawer } from '../ui/app-drawer';
import { ko } from '../i18n/ko';
import { focusPage } from '../ui/focus';
import { LevelStar } from '../ui/level-star';
import { InlineLogin } from '../ui/inline-login';
import { MemberButtons } from '../ui/member-buttons';
import { MenuLink } from '../ui/menu-link';
import type { MenuGroup } from '../shared/menu-tree';
import { useSessionUser } from '../shared/session-store';
import { useLogo } from '../shared/api/logo';
import { SecondLogoRow } from './second-logo';
import { LargeTextSwitch } from './text-size-toggle';
import { ThemeChoiceGroup } from './theme-toggle';
import { openPasswordReset } from '../shared/account-dialog-store';

export default function MenuDrawer({ open, onClose, groups }: { open: boolean; onClose: () => void; groups: MenuGroup[] }) {
  const user = useSessionUser();
  const logo = useLogo().data;
  return (
    <AppDrawer visible={open} onHide={onClose} position="left" style={{ width: '20rem', maxWidth: '90vw' }} header={ko.menu.title} className="menu-drawer">
      {user.logined ? (
        <div className="drawer-member">
          <p className="welcome">
            <LevelStar levelKey={user.levelKey} />
            {ko.login.welcome(user.nickName)}
          </p>
          <MemberButtons onAction={onClose} />
        </div>
      ) : (
        <div className="drawer-visitor">
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-key"
            label={ko.menu.findPassword}
            onClick={() => {
              onClose();
              openPasswordReset();
            }}
          />
          <InlineLogin onAction={onClose} hideFind />
        </div>
      )}
      <nav aria-label={ko.menu.navLabel} className="drawer-nav">
        {groups.map(({ entry, items }) => (
          <section key={entry.programId} className="drawer-group">
            <h3 className="drawer-group-title">
              {entry.icon && <i className={`${entry.icon} menu-icon`} aria-hidden="true" />}
              {entry.programName}
            </h3>
            {items.length > 0 && (
              <ul>
                {items.map((item) => (
                  <li key={item.programId}>
                    <MenuLink
                      entry={item}
                      className="drawer-link"
                      onClick={() => {
                        onClose();
                        focusPage();
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </nav>
      {logo?.image && <SecondLogoRow logo={logo} />}
      <ThemeChoiceGroup />
      <LargeTextSwitch />
    </AppDrawer>
  );
}
