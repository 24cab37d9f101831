// @simplewebauthn/server, loaded on the first passkey ceremony: loading it (and its ASN.1 and
// CBOR parsers) takes about 0.4 s of CPU, which every server start and every test app paid
// before, although most sites and requests never touch a passkey.
import type * as WebAuthn from '@simplewebauthn/server';

export type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

let loading: Promise<typeof WebAuthn> | undefined;
const library = () => (loading ??= import('@simplewebauthn/server'));

export const generateRegistrationOptions: typeof WebAuthn.generateRegistrationOptions = async (options) =>
  (await library()).generateRegistrationOptions(options);
export const verifyRegistrationResponse: typeof WebAuthn.verifyRegistrationResponse = async (options) =>
  (await library()).verifyRegistrationResponse(options);
export const generateAuthenticationOptions: typeof WebAuthn.generateAuthenticationOptions = async (options) =>
  (await library()).generateAuthenticationOptions(options);
export const verifyAuthenticationResponse: typeof WebAuthn.verifyAuthenticationResponse = async (options) =>
  (await library()).verifyAuthenticationResponse(options);

/** Base64url without padding, as the library's isoBase64URL writes and reads it. */
export const isoBase64URL = {
  fromBuffer: (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url'),
  toBuffer: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
};
