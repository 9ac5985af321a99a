// People's names for the logs' readers: as their users record has them, user ids read in batches, each once.
import type { DocumentData } from 'firebase-admin/firestore';
import { usersKind } from '@trialdesk/shared';
import { recordNames } from './exports.js';

/** A person's name: first and last, or the e-mail when the record has neither. */
export const personName = (user: DocumentData): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || String(user.email ?? '');

/** Reads people's names by user id, one read per distinct id (undefined for a person whose record is gone). */
export const peopleNames = () => recordNames(usersKind.collection, personName);
