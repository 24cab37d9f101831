// The shell puts the features' ways to sign in under the login forms (web/shared/sign-in-ways.ts).
import { addSignInWay } from '../shared/sign-in-ways';

addSignInWay('oauth', () => import('../features/oauth/oauth-sign-in'));
addSignInWay('passkey', () => import('../features/passkeys/passkey-sign-in'));
