// Password hashing (DESIGN "Sessions and auth"): PBKDF2-SHA256 through WebCrypto, so it runs in Workers and in
// Node (the tenant loader hashes demo users with the same code). The parameters are stored with the hash, so the
// iteration count can change later without breaking existing passwords.
import { PBKDF2_ITERATIONS } from "../../contract/constants";
import { fromBase64Url, timingSafeEqual, toBase64Url } from "../../lib/crypto";

const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as Uint8Array<ArrayBuffer>, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>` with a fresh random salt. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations, HASH_BYTES);
  return `${ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export interface StoredHash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

export function parseStoredHash(stored: string): StoredHash | null {
  const [algorithm, count, salt, hash, ...rest] = stored.split("$");
  const iterations = Number(count);
  // Workers refuse PBKDF2 above 100 000 iterations, so a larger stored count could never be verified there.
  if (algorithm !== ALGORITHM || rest.length || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  const saltBytes = fromBase64Url(salt ?? "");
  const hashBytes = fromBase64Url(hash ?? "");
  if (!saltBytes?.length || !hashBytes?.length) return null;
  return { iterations, salt: saltBytes, hash: hashBytes };
}

/** Checks a password against a stored hash, with the parameters the hash was made with. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseStoredHash(stored) : null;
  if (!parsed) {
    await dummyVerify();
    return false;
  }
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

const DUMMY_SALT = new Uint8Array(SALT_BYTES);

/** Does the work of one verification, so an unknown email costs as much time as a wrong password. */
export async function dummyVerify(): Promise<void> {
  await derive("dummy-password", DUMMY_SALT, PBKDF2_ITERATIONS, HASH_BYTES);
}
