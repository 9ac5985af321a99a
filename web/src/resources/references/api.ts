// The references endpoints.
import { recordApi } from '../../core/api/records';

export const referenceApi = recordApi('references');
