// The NICE provider ("본인확인 표준창", the API-based CheckPlus window), built from NICE's public
// developer guide as far as it goes without their proprietary module (docs/identity.md):
//  1. ask NICE's API for a crypto token (req_dtim, req_no -> site_code, token_version_id, token_val);
//  2. sha256(req_dtim + req_no + token_val), base64: key = first 16, iv = last 16, hmac key = first 32;
//  3. enc_data = base64(AES-128-CBC(request JSON)), integrity_value = base64(HMAC-SHA256(enc_data));
//  4. the browser submits {m: service, token_version_id, enc_data, integrity_value} to the window;
//  5. NICE sends the browser back with token_version_id, enc_data, integrity_value: check the
//     integrity, decrypt (EUC-KR JSON), match requestno, and take di as the duplicate value.
import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { IdentityConfig } from '../../config.js';
import { IDENTITY_MSG, type IdentityProvider, type ReturnResult } from './provider.js';

export const NICE_API_BASE = 'https://svc.niceapi.co.kr:22001';
export const NICE_ORIGIN = 'https://nice.checkplus.co.kr';
export const NICE_WINDOW_URL = `${NICE_ORIGIN}/CheckPlusSafeModel/service.cb`;

export interface NiceCryptoToken {
  siteCode: string;
  tokenVersionId: string;
  tokenVal: string;
}

/** Calls NICE's crypto token API; injectable so tests can stand in for NICE. */
export type NiceCryptoTokenFn = (input: { reqDtim: string; reqNo: string }) => Promise<NiceCryptoToken>;

export interface NiceKeys {
  key: string;
  iv: string;
  hmacKey: string;
}

/** NICE's key derivation: base64(sha256(req_dtim + req_no + token_val)), cut into three. */
export function niceKeys(reqDtim: string, reqNo: string, tokenVal: string): NiceKeys {
  const v = createHash('sha256').update(reqDtim.trim() + reqNo.trim() + tokenVal.trim(), 'utf8').digest('base64');
  return { key: v.slice(0, 16), iv: v.slice(-16), hmacKey: v.slice(0, 32) };
}

export function niceEncrypt(plain: Buffer, keys: NiceKeys): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keys.key, 'utf8'), Buffer.from(keys.iv, 'utf8'));
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

export function niceDecrypt(encData: string, keys: NiceKeys): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keys.key, 'utf8'), Buffer.from(keys.iv, 'utf8'));
  return Buffer.concat([decipher.update(Buffer.from(encData, 'base64')), decipher.final()]);
}

export function niceIntegrity(encData: string, hmacKey: string): string {
  return createHmac('sha256', Buffer.from(hmacKey, 'utf8')).update(encData, 'utf8').digest('base64');
}

/** YYYYMMDDHHmmss in Korean time, as NICE expects req_dtim. */
export function niceDateTime(ms: number): string {
  return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');
}

/** What the return step needs; sealed by the routes into a short-lived cookie. */
const NiceState = z.object({ rid: z.string(), tv: z.string(), key: z.string(), iv: z.string(), hk: z.string() });

/** The decrypted result (NICE guide, "API 응답"); only the fields used here are named. */
const NiceResult = z.object({
  resultcode: z.string().optional(),
  requestno: z.string().optional(),
  di: z.string().optional(),
  name: z.string().optional(),
  utf8_name: z.string().optional(),
  birthdate: z.string().optional(),
});

type NiceConfig = Extract<IdentityConfig, { provider: 'nice' }>;

export function createNiceProvider(config: NiceConfig, cryptoToken: NiceCryptoTokenFn, now: () => number = Date.now): IdentityProvider {
  return {
    name: 'nice',
    formOrigins: [NICE_ORIGIN],
    async start({ requestId }) {
      const reqDtim = niceDateTime(now());
      const token = await cryptoToken({ reqDtim, reqNo: requestId });
      const keys = niceKeys(reqDtim, requestId, token.tokenVal);
      const request = JSON.stringify({
        requestno: requestId,
        returnurl: config.returnUrl,
        sitecode: token.siteCode,
        // A full-page window (not a popup) that comes back by GET; POST is accepted as well.
        methodtype: 'get',
        popupyn: 'N',
      });
      const encData = niceEncrypt(Buffer.from(request, 'utf8'), keys);
      return {
        action: {
          kind: 'form',
          form: {
            action: NICE_WINDOW_URL,
            method: 'post',
            fields: {
              m: 'service',
              token_version_id: token.tokenVersionId,
              enc_data: encData,
              integrity_value: niceIntegrity(encData, keys.hmacKey),
            },
          },
        },
        state: JSON.stringify({ rid: requestId, tv: token.tokenVersionId, key: keys.key, iv: keys.iv, hk: keys.hmacKey }),
      };
    },
    async verifyReturn(params, rawState): Promise<ReturnResult> {
      const bad = { ok: false, message: IDENTITY_MSG.badResult } as const;
      if (!rawState) return { ok: false, message: IDENTITY_MSG.expired };
      const parsedState = NiceState.safeParse(safeJson(rawState));
      if (!parsedState.success) return bad;
      const state = parsedState.data;
      const { token_version_id: tokenVersionId, enc_data: encData, integrity_value: integrity } = params;
      if (!tokenVersionId || !encData || !integrity) return { ok: false, message: IDENTITY_MSG.cancelled };
      if (tokenVersionId !== state.tv) return bad;
      const expected = Buffer.from(niceIntegrity(encData, state.hk), 'utf8');
      const given = Buffer.from(integrity, 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad;

      let result: z.infer<typeof NiceResult>;
      try {
        const plain = niceDecrypt(encData, { key: state.key, iv: state.iv, hmacKey: state.hk });
        result = NiceResult.parse(JSON.parse(new TextDecoder('euc-kr').decode(plain)));
      } catch {
        return bad;
      }
      if (result.requestno !== state.rid) return bad;
      if (result.resultcode !== '0000') return { ok: false, requestId: state.rid, message: IDENTITY_MSG.failed };
      if (!result.di) return { ok: false, requestId: state.rid, message: IDENTITY_MSG.failed };
      return {
        ok: true,
        requestId: state.rid,
        dupValue: result.di,
        name: decodeName(result.utf8_name) ?? result.name,
        birth: result.birthdate,
      };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function decodeName(utf8Name: string | undefined): string | undefined {
  if (!utf8Name) return undefined;
  try {
    return decodeURIComponent(utf8Name.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

const GatewayReply = z.object({
  dataHeader: z.object({ GW_RSLT_CD: z.string(), GW_RSLT_MSG: z.string().optional() }),
  dataBody: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The real calls to NICE's API (never made by the tests): the access token (issued once from
 * the client id and secret when NICE_ACCESS_TOKEN is not given) and a crypto token per request.
 */
export function niceApi(config: NiceConfig, fetchFn: typeof fetch = fetch): NiceCryptoTokenFn {
  let accessToken = config.accessToken;

  async function getAccessToken(): Promise<string> {
    if (accessToken) return accessToken;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret ?? ''}`).toString('base64');
    const res = await fetchFn(`${NICE_API_BASE}/digital/niceid/oauth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: 'grant_type=client_credentials&scope=default',
      signal: AbortSignal.timeout(10_000),
    });
    const reply = GatewayReply.parse(await res.json());
    const token = reply.dataBody?.access_token;
    if (reply.dataHeader.GW_RSLT_CD !== '1200' || typeof token !== 'string') {
      throw new Error(`NICE access token refused: ${reply.dataHeader.GW_RSLT_CD} ${reply.dataHeader.GW_RSLT_MSG ?? ''}`);
    }
    accessToken = token;
    return token;
  }

  return async ({ reqDtim, reqNo }) => {
    const token = await getAccessToken();
    const timestamp = Math.floor(Date.now() / 1000);
    const auth = Buffer.from(`${token}:${timestamp}:${config.clientId}`).toString('base64');
    const res = await fetchFn(`${NICE_API_BASE}/digital/niceid/api/v1.0/common/crypto/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer ${auth}`, productID: config.productId },
      body: JSON.stringify({ dataHeader: { CNTY_CD: 'ko' }, dataBody: { req_dtim: reqDtim, req_no: reqNo, enc_mode: '1' } }),
      signal: AbortSignal.timeout(10_000),
    });
    const reply = GatewayReply.parse(await res.json());
    const body = reply.dataBody ?? {};
    if (reply.dataHeader.GW_RSLT_CD !== '1200' || body.rsp_cd !== 'P000' || body.result_cd !== '0000') {
      throw new Error(
        `NICE crypto token refused: ${reply.dataHeader.GW_RSLT_CD} ${String(body.rsp_cd ?? '')} ${String(body.result_cd ?? '')}`,
      );
    }
    const { site_code: siteCode, token_version_id: tokenVersionId, token_val: tokenVal } = body;
    if (typeof siteCode !== 'string' || typeof tokenVersionId !== 'string' || typeof tokenVal !== 'string') {
      throw new Error('NICE crypto token reply is missing fields');
    }
    return { siteCode, tokenVersionId, tokenVal };
  };
}
