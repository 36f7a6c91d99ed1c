import { DocumentStatus } from '@wenku/shared';

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';

/** Badge colour of each status of spec §3 (0 待转换 … 7 审核拒绝). */
export const STATUS_TONE: Record<number, StatusTone> = {
  [DocumentStatus.Pending]: 'secondary',
  [DocumentStatus.Converting]: 'secondary',
  [DocumentStatus.Converted]: 'success',
  [DocumentStatus.Failed]: 'destructive',
  [DocumentStatus.Disabled]: 'outline',
  [DocumentStatus.Reconvert]: 'secondary',
  [DocumentStatus.PendingReview]: 'warning',
  [DocumentStatus.ReviewRejected]: 'destructive',
};

export const ALL_STATUSES: readonly number[] = Object.values(DocumentStatus);

/** Statuses in which the document is (or will shortly be) in the converter's hands. */
export const isConverting = (status: number) =>
  status === DocumentStatus.Pending || status === DocumentStatus.Converting || status === DocumentStatus.Reconvert;
