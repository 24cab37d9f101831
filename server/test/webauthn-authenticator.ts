// A software WebAuthn authenticator for the server tests: it stands for the member's phone or
// security key. ECDSA P-256 keys from node:crypto, CBOR from the library the server's own WebAuthn
// code uses, "none" attestation; it answers the options the server gave with the JSON a browser
// sends (RegistrationResponseJSON, AuthenticationResponseJSON).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyCreationOptions, PasskeyLogin, PasskeyRegister, PasskeyRequestOptions } from '../../common/api/passkeys.js';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  publicJwk: { x: string; y: string };
  rpId: string;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return new Uint8Array(b);
};
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

function clientData(type: string, challenge: string, origin: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** Whether it checks the person (a PIN, a fingerprint) and says so in its flags. */
  userVerifies = true;
  /** Counts signatures (a security key); a synced passkey leaves it at 0. */
  counts = true;

  constructor(readonly origin: string) {}

  private get rpId() {
    return new URL(this.origin).hostname;
  }

  /** navigator.credentials.create(): a new key pair for the options' site and member. */
  register(options: PasskeyCreationOptions, over: { origin?: string; challenge?: string } = {}): PasskeyRegister['credential'] {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const cred: SoftCredential = {
      id: new Uint8Array(randomBytes(16)),
      privateKey,
      publicJwk: { x: jwk.x, y: jwk.y },
      rpId: options.rp.id ?? this.rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x)],
      [-3, isoBase64URL.toBuffer(jwk.y)],
    ]);
    const credIdLen = new Uint8Array([0, cred.id.length]);
    const authData = concat(
      sha256(cred.rpId),
      new Uint8Array([FLAG_UP | FLAG_AT | (this.userVerifies ? FLAG_UV : 0)]),
      u32(0),
      new Uint8Array(16), // AAGUID: this one keeps its model to itself
      credIdLen,
      cred.id,
      isoCBOR.encode(cose),
    );
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    this.credentials.push(cred);
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: b64(clientData('webauthn.create', over.challenge ?? options.challenge, over.origin ?? this.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with the given key, else the first it keeps
   * that the options allow (any of its own for this site when they name none).
   */
  authenticate(options: PasskeyRequestOptions, over: { credential?: SoftCredential; origin?: string; counter?: number } = {}): PasskeyLogin['credential'] {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const cred =
      over.credential ??
      this.credentials.find((c) => c.rpId === (options.rpId ?? this.rpId) && (allowed.length === 0 || allowed.includes(b64(c.id))));
    if (!cred) throw new Error('NotAllowedError: no credential for these options');
    if (this.counts) cred.counter += 1;
    const counter = over.counter ?? (this.counts ? cred.counter : 0);
    const authData = concat(sha256(cred.rpId), new Uint8Array([FLAG_UP | (this.userVerifies ? FLAG_UV : 0)]), u32(counter));
    const cd = clientData('webauthn.get', options.challenge, over.origin ?? this.origin);
    const signature = sign('sha256', concat(authData, sha256(cd)), cred.privateKey);
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(cd),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        userHandle: cred.userHandle,
      },
    };
  }
}
