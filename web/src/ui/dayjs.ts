// dayjs (antd's date pickers) set to follow the interface language, for the screens that use dates.
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { i18n, toLanguage } from '../core/i18n';

// dayjs (antd's date pickers) follows the interface language; set up by the screens that use dates, so the
// login page does not carry it.
const applyLanguage = (code: string) => void dayjs.locale(toLanguage(code));
applyLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', applyLanguage);

export { dayjs };
export type { Dayjs } from 'dayjs';
