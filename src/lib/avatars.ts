/** Where a user's Scratch picture is served from: our own proxy, which caches it (src/pages/api/user). */
export const avatarPath = (name: string) => `/api/user/${encodeURIComponent(name)}/picture`;
