// The shell's own paths (a resource's paths come from its definition).
export const SETTINGS_PATH = '/app/settings';
