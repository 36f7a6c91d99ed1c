import { type GroupDTO, type PermissionDTO, SESSION_STORAGE_KEY, type UserDTO } from '@wenku/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in session (spec §3 Session): persisted in localStorage under one fixed key (spec §4, §9). */
export interface Session {
  user: UserDTO | null;
  token: string;
  permissions: PermissionDTO[];
  allowPages: string[];
  groups: GroupDTO[];
  /** Where to go after a third-party login (spec §3, default /me). */
  redirectAfterOauth: string;
}

const EMPTY: Session = {
  user: null,
  token: '',
  permissions: [],
  allowPages: [],
  groups: [],
  redirectAfterOauth: '/me',
};

function read(): Session {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return { ...EMPTY, ...parsed };
  } catch {
    return EMPTY;
  }
}

let state: Session = typeof localStorage === 'undefined' ? EMPTY : read();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function write(next: Session) {
  state = next;
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the session still lives for this tab.
  }
  emit();
}

export const session = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  setAuth(user: UserDTO, token: string) {
    write({ ...state, user, token });
  },
  setUser(user: UserDTO) {
    write({ ...state, user });
  },
  setToken(token: string) {
    write({ ...state, token });
  },
  /**
   * The member's permissions and the back-office pages they open (`adminPagesOf`, which callers load with the
   * permission table: the table is not part of the public shell, issue 17).
   */
  setPermissions(permissions: PermissionDTO[], allowPages: string[]) {
    write({ ...state, permissions, allowPages });
  },
  setGroups(groups: GroupDTO[]) {
    write({ ...state, groups });
  },
  setRedirectAfterOauth(path: string) {
    // spec §4: remembered unless it starts with /oauth.
    if (!path.startsWith('/oauth')) write({ ...state, redirectAfterOauth: path });
  },
  /** spec §4 logout: clears user, token, permissions, allowed pages and all local storage. */
  clear() {
    try {
      localStorage.clear();
    } catch {
      // ignore
    }
    state = EMPTY;
    emit();
  },
  /** spec §4: on window focus, re-sync from storage when the stored token differs (another tab signed in or out). */
  resyncFromStorage() {
    const stored = read();
    if (stored.token !== state.token) {
      state = stored;
      emit();
      return true;
    }
    return false;
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, () => EMPTY);
}
