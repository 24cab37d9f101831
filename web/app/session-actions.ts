// Login and logout flows (SPEC §4 "Session", "Login").
import type { SessionUser } from '../../common/api/session';
import { ApiError } from '../api/call';
import { ko } from '../i18n/ko';
import { toast } from '../ui/toast-store';
import { postLogin } from './api/login';
import { postLogout } from './api/logout';
import { fetchSessionInfo } from './api/session-info';
import { sessionStore } from './session-store';

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
    await postLogin(checked.form);
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
  return user;
}

/** Calls the logout endpoint and, whatever it answers, clears the session and reloads the menu. */
export async function logout(): Promise<void> {
  try {
    await postLogout();
  } finally {
    sessionStore.clear();
    sessionStore.toggleMenuReload();
  }
}

/** Fetches the session again (after a profile change): keeps the member's new nickname and rank. */
export async function refreshSession(): Promise<void> {
  const user = await fetchSessionInfo();
  if (user.logined && user.userId) sessionStore.setUser(user);
  else sessionStore.clear();
}
