// Other ways to sign in shown under the id and password of both login forms (the popup and the
// inline box). A feature's button is put here by the shell (web/app/sign-in-ways.ts), so the
// shared login forms draw it without importing any feature.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface SignInWayProps {
  /** What is typed in the id field (may be empty). */
  userId: string;
  /** 로그인 유지 as chosen in the form. */
  remember: boolean;
  /** After the session has started and been taken (the form then closes or turns into the welcome line). */
  onSignedIn: () => void;
}

export interface SignInWay {
  key: string;
  Component: LazyExoticComponent<ComponentType<SignInWayProps>>;
}

const ways: SignInWay[] = [];

/** Adds a way (once per key); its code loads when a login form first shows it. */
export function addSignInWay(key: string, load: () => Promise<{ default: ComponentType<SignInWayProps> }>): void {
  if (!ways.some((w) => w.key === key)) ways.push({ key, Component: lazy(load) });
}

export const signInWays = (): readonly SignInWay[] => ways;
