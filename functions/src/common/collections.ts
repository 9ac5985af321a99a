// Collections that several record kinds' services read: named here, below them all, so no two folders import each
// other for a name.
export const STUDIES = 'studies';
