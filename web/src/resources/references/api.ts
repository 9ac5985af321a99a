// The references endpoints: the record endpoints, with a create that says when the new referral is a duplicate.
import { recordApi } from '../../core/api/records';
import { useCreateReference } from './useCreateReference';

export const referenceApi = { ...recordApi('references'), useCreate: useCreateReference };
