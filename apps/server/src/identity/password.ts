import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// OpenSSL's scrypt through node:crypto. N=2^15 costs ~50 ms and 32 MiB: slow for a
// guesser, fine for a sign-in. The parameters are stored with each hash so they can grow (decision IDN-04).
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so both paths cost the same. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(16).toString('hex'));
