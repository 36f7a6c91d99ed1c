// The English permission titles live in packages/shared (the server words a refusal naming one with them).
export { PERMISSION_AREA_LABELS, PERMISSION_TITLES } from '@wenku/shared/i18n-en/permission-texts';
