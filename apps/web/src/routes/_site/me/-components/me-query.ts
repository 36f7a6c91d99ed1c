/** The caller's own account (id 0): fresh from the server, not the copy kept in the session. */
export const ME_INPUT = { id: 0 };
