// The English texts of the settings rows live in packages/shared (the server words reasons quoting a label with them).
export { CONFIG_TEXTS, type ConfigText } from '@wenku/shared/i18n-en/config-texts';
