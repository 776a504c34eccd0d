import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encryption of personal data at rest (bank account numbers): AES-256-GCM with a fresh 96-bit nonce per value and
 * the record's context as associated data, so a ciphertext copied to another record does not decrypt. Keys are derived
 * (HKDF-SHA256) from DATA_ENCRYPTION_KEY: one for encryption, one for fingerprints (a keyed hash that finds the same
 * number again without decrypting anything). Values are 'v1.' + base64url(nonce | ciphertext | tag).
 */
export class DataCipher {
  private readonly encryptionKey: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(masterKeyHex: string) {
    if (!/^[0-9a-fA-F]{64}$/.test(masterKeyHex)) throw new Error('DATA_ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes).');
    const master = Buffer.from(masterKeyHex, 'hex');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', master, 'careslot', 'data-encryption aes-256-gcm', 32));
    this.fingerprintKey = Buffer.from(hkdfSync('sha256', master, 'careslot', 'data-fingerprint hmac-sha256', 32));
  }

  /** A random key, for a process that has none configured (development and tests only). */
  static randomKeyHex(): string {
    return randomBytes(32).toString('hex');
  }

  encrypt(plaintext: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** Throws when the value was changed, belongs to another context, or was made with another key. */
  decrypt(value: string, context: string): string {
    const [version, payload] = value.split('.');
    if (version !== VERSION || !payload) throw new Error('Unknown encrypted value format.');
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  }

  fingerprint(...parts: string[]): string {
    return createHmac('sha256', this.fingerprintKey).update(parts.join('\u0000')).digest('hex');
  }
}
