// The shell's own paths (a resource's paths come from its definition).
import { APP_PATH } from '../core/config';

export const SETTINGS_PATH = `${APP_PATH}/settings`;
