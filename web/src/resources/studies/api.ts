// The studies endpoints (other kinds name studies by key: ui/resource/references.tsx).
import { recordApi } from '../../core/api/records';

export const studyApi = recordApi('studies');
