import type { ISmsLog } from '@wenku/db';
import type { SmsDTO } from '@wenku/shared';
import { presentRow } from '../presenter.ts';

/** The back office never sees a code (moredoc showed it in clear; only its hash is stored anyway). */
export const SMS_CODE_MASK = '******';

/** A send log row → wire shape; the code's hash stays home and the code goes out masked. */
export function presentSms(row: ISmsLog, username: string): SmsDTO {
  const { codeHash: _hidden, ...rest } = row;
  return { ...presentRow(rest), username, code: SMS_CODE_MASK };
}
