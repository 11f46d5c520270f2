/**
 * A WebAuthn authenticator in software, as a browser with a platform passkey would answer:
 * P-256 keys from node:crypto, authenticator data and "none" attestation encoded by hand
 * (CBOR through @simplewebauthn's isoCBOR). It is a client of the server, not a stand-in for
 * any of the server's own code: every answer goes through the real verification.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseInput,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
  RegistrationResponseInput,
} from '@app/shared';

type CBORValue = Parameters<typeof isoCBOR.encode>[0];

export const TEST_ORIGIN = 'http://localhost:3000';

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export interface AnswerOptions {
  /** The page's origin as the browser reports it. */
  origin?: string;
  /** The RP id hashed into the authenticator data (default: the one the options name). */
  rpId?: string;
  /** Whether the user was verified (PIN, biometrics). */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  /**
   * @param synced a synced passkey (backup eligible and backed up) whose counter stays 0, as
   *   iCloud Keychain and Google Password Manager keep it; otherwise it counts up from 1.
   */
  constructor(private readonly synced = false) {}

  private flags(userVerified: boolean, attested: boolean): number {
    let flags = FLAG_UP;
    if (userVerified) flags |= FLAG_UV;
    if (this.synced) flags |= FLAG_BE | FLAG_BS;
    if (attested) flags |= FLAG_AT;
    return flags;
  }

  /** navigator.credentials.create(): a new discoverable credential. */
  create(options: PasskeyRegistrationOptions, answer: AnswerOptions = {}): RegistrationResponseInput {
    const rpId = answer.rpId ?? options.rp.id ?? 'localhost';
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, CBORValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(16);
    const credential: StoredCredential = { id, privateKey, userHandle: options.user.id, rpId, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(answer.userVerified ?? true, true)]),
      uint32(0),
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, CBORValue>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORValue>()],
        ['authData', authData],
      ]),
    );
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin: answer.origin ?? TEST_ORIGIN, crossOrigin: false };
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an assertion by one of the stored credentials (the newest, or
   * the one given), its counter moved on (a synced passkey keeps 0).
   */
  get(options: PasskeyAuthenticationOptions, answer: AnswerOptions & { credential?: StoredCredential; counter?: number } = {}): AuthenticationResponseInput {
    const credential = answer.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('no credential on this authenticator');
    if (answer.counter !== undefined) credential.counter = answer.counter;
    else if (!this.synced) credential.counter += 1;
    const authData = Buffer.concat([
      sha256(answer.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([this.flags(answer.userVerified ?? true, false)]),
      uint32(credential.counter),
    ]);
    const clientData = { type: 'webauthn.get', challenge: options.challenge, origin: answer.origin ?? TEST_ORIGIN, crossOrigin: false };
    const clientDataJSON = Buffer.from(JSON.stringify(clientData));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
