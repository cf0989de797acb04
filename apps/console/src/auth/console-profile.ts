/** Who signed in, from the ID token: the access token carries neither name nor email (CON-21). */
export interface ConsoleProfile {
  readonly name: string | null;
  readonly email: string | null;
}

export interface ProfileStorage {
  get(): ConsoleProfile | null;
  set(profile: ConsoleProfile): void;
  clear(): void;
}

/** The ID token's payload; the standard flow has already verified it before we read it. */
export function profileFromIdToken(idToken: string | undefined): ConsoleProfile {
  const payload = idToken?.split('.')[1];
  if (!payload) return { name: null, email: null };
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    return {
      name: typeof claims.name === 'string' && claims.name ? claims.name : null,
      email: typeof claims.email === 'string' && claims.email ? claims.email : null,
    };
  } catch {
    return { name: null, email: null };
  }
}

/**
 * The profile is kept beside the refresh token, in local storage under the console's
 * key, so a reload or a new tab that restores the session still knows the name
 * (CON-21). Sign-out clears both.
 */
export function createProfileStorage(storage: Storage, key: string): ProfileStorage {
  return {
    get() {
      try {
        const raw = storage.getItem(key);
        if (!raw) return null;
        const value = JSON.parse(raw) as Partial<ConsoleProfile>;
        return {
          name: typeof value.name === 'string' ? value.name : null,
          email: typeof value.email === 'string' ? value.email : null,
        };
      } catch {
        return null;
      }
    },
    set: (profile) => storage.setItem(key, JSON.stringify(profile)),
    clear: () => storage.removeItem(key),
  };
}
