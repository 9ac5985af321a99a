// What every route of the Storage emulator shares: the objects, the rules in force, and how the rules read Firestore.
import type { Fields } from '../common/firestore-value.js';
import type { CompiledRules } from '../rules/index.js';
import type { ObjectStore } from './objects.js';

export interface StorageState {
  store: ObjectStore;
  rules: CompiledRules;
  /** A document of the project's Firestore (below `documents/`), for `firestore.get()` in the rules. */
  getDocument?: (projectId: string, docPath: string) => Fields | null | Promise<Fields | null>;
  logError?: (message: string) => void;
}
