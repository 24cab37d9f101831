// The providers as openid-client sees them: Kakao speaks OpenID Connect (discovery, ID token with
// nonce, userinfo); Naver is plain OAuth 2.0 with its own profile call. Both use PKCE and the
// client secret in the token request's body, as their guides ask.
import * as client from 'openid-client';
import type { OAuthProvider } from '../../../common/api/oauth.js';
import type { OAuthConfig } from '../../config.js';

/** What the site learns of the provider's account. */
export interface ProviderAccount {
  subject: string;
  /** Only an address the provider says is verified. */
  email: string | null;
  nickName: string | null;
}

/** Plain http is only for the stand-in servers of the tests, on this machine. */
const loopback = (url: string) => {
  const u = new URL(url);
  return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]');
};

export class Providers {
  private kakao: Promise<client.Configuration> | undefined;
  private naver: client.Configuration | undefined;

  constructor(readonly config: OAuthConfig) {}

  enabled(): OAuthProvider[] {
    return (['kakao', 'naver'] as const).filter((p) => this.config[p] !== undefined);
  }

  redirectUri(p: OAuthProvider): string {
    return this.config[p]!.redirectUri;
  }

  /** Kakao's OpenID Connect scope: the address comes with account_email. */
  scope(p: OAuthProvider): string | undefined {
    return p === 'kakao' ? 'openid account_email profile_nickname' : undefined;
  }

  async configuration(p: OAuthProvider): Promise<client.Configuration> {
    if (p === 'kakao') {
      const k = this.config.kakao!;
      // Discovery once per process; a failed one is tried again on the next sign-in.
      this.kakao ??= client
        .discovery(new URL(k.issuer), k.clientId, { redirect_uris: [k.redirectUri] }, client.ClientSecretPost(k.clientSecret), {
          execute: loopback(k.issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((e: unknown) => {
          this.kakao = undefined;
          throw e;
        });
      return this.kakao;
    }
    const n = this.config.naver!;
    if (!this.naver) {
      this.naver = new client.Configuration(
        { issuer: new URL(n.authorizeUrl).origin, authorization_endpoint: n.authorizeUrl, token_endpoint: n.tokenUrl },
        n.clientId,
        { redirect_uris: [n.redirectUri] },
        client.ClientSecretPost(n.clientSecret),
      );
      if (loopback(n.tokenUrl)) client.allowInsecureRequests(this.naver);
    }
    return this.naver;
  }

  /** The account behind the tokens: Kakao's ID token and userinfo, Naver's profile call. */
  async account(p: OAuthProvider, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderAccount> {
    const config = await this.configuration(p);
    if (p === 'kakao') {
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const verified = info.email_verified === true && typeof info.email === 'string';
      const nick = typeof info.nickname === 'string' ? info.nickname : null;
      return { subject: claims.sub, email: verified ? (info.email as string).toLowerCase() : null, nickName: nick };
    }
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(this.config.naver!.profileUrl), 'GET');
    const body = (await res.json()) as { resultcode?: string; response?: { id?: unknown; nickname?: unknown } };
    const id = body.response?.id;
    if (!res.ok || body.resultcode !== '00' || typeof id !== 'string' || id === '') throw new Error(`naver profile: ${res.status} ${body.resultcode}`);
    // Naver's profile does not say whether the address was verified, so it is not used.
    const nick = body.response?.nickname;
    return { subject: id, email: null, nickName: typeof nick === 'string' ? nick : null };
  }
}
