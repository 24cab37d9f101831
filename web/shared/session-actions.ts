// Login and logout flows (docs/product/members.md#logging-in-and-out).
import type { SessionUser } from '../../common/api/session';
import { ApiError } from '../api/call';
import { ko } from '../i18n/ko';
import { toast } from '../ui/toast-store';
import { postLogin } from './api/login';
import { postLogout } from './api/logout';
import { forgetPushOnSignOut } from './api/push-on-logout';
import { fetchSessionInfo } from './api/session-info';
import { queryClient } from './query-client';
import { sessionStore } from './session-store';

/** The second step of a sign-in (web/features/two-step/second-step-page.tsx). */
export const SECOND_STEP_PATH = '/user/two-step';

export interface LoginInput {
  userId: string;
  password: string;
  remember: boolean;
}

/**
 * Checks the form with the shared rules (first failure as an info toast), logs in, fetches the
 * session, stores the member when a userId comes back, reloads the menu and says so.
 * Resolves true on success; failures have already been shown.
 */
export async function login(input: LoginInput): Promise<boolean> {
  const { checkLogin } = await import('./login-check');
  const checked = checkLogin({ userId: input.userId, password: input.password, remember: input.remember ? 'Y' : 'N' });
  if (!checked.ok) {
    toast.info(checked.message);
    return false;
  }
  try {
    const answer = await postLogin(checked.form);
    if (answer.secondStep === 'totp') {
      // The password passed; the one-time code comes next on its own page (the session waits).
      window.location.assign(SECOND_STEP_PATH);
      return false;
    }
    const user = await takeNewSession();
    toast.success(ko.login.success(user.nickName || user.userId));
    return true;
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
}

/**
 * After the server has started a session (login, sign-up): fetches it, stores the member when a
 * userId comes back and reloads the menu.
 */
export async function takeNewSession(): Promise<SessionUser> {
  const user = await fetchSessionInfo();
  if (user.userId) sessionStore.setUser(user);
  sessionStore.toggleMenuReload();
  // Answers carry what the caller may do (canEdit, canReport, isSeller…): the pages on screen
  // fetch theirs again for the member instead of showing the visitor's.
  void queryClient.invalidateQueries();
  return user;
}

/** Ends this browser's pushes, calls the logout endpoint and, whatever it answers, clears the session and reloads the menu. */
export async function logout(): Promise<void> {
  try {
    await forgetPushOnSignOut();
    await postLogout();
  } finally {
    sessionStore.clear();
    sessionStore.toggleMenuReload();
    // The member's answers go: those no page shows are dropped, those on screen are fetched again
    // only when their page next opens (fetching a member's page now would only answer 401).
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }
}

/** Fetches the session again (after a profile change): keeps the member's new nickname and rank. */
export async function refreshSession(): Promise<void> {
  const user = await fetchSessionInfo();
  if (user.logined && user.userId) sessionStore.setUser(user);
  else sessionStore.clear();
}
