/** A punishment as loaded (the operators log included). */
export type PunishmentRow = {
  id: number;
  userId: number;
  type: number;
  enable: boolean;
  reason: string;
  remark: string;
  endTime?: Date | null;
  operators: { u: number; t: number; ts: number }[];
  createdAt: Date;
  updatedAt: Date;
};

/** Punishment → wire shape; `active` is evaluated now (enabled and not past its end). */
export function presentPunishment(p: PunishmentRow, username: string) {
  const end = p.endTime ?? null;
  return {
    id: p.id,
    user_id: p.userId,
    username,
    type: p.type,
    enable: p.enable,
    active: p.enable && (!end || end.getTime() > Date.now()),
    reason: p.reason,
    remark: p.remark,
    end_time: end ? end.toISOString() : null,
    operators: p.operators ?? [],
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** A report row joined with the reported item's slug and owner (`SELECT` of report.service.ts). */
export interface ReportRow {
  id: number;
  document_id: number;
  type: number;
  user_id: number;
  reason: number;
  status: boolean;
  remark: string;
  document_title: string;
  username: string;
  slug: string | null;
  owner_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** Report → wire shape. */
export const presentReport = (r: ReportRow) => ({
  id: r.id,
  document_id: r.document_id,
  type: r.type,
  user_id: r.user_id,
  reason: r.reason,
  status: r.status,
  remark: r.remark,
  document_title: r.document_title,
  document_uuid: r.slug ?? '',
  owner_id: r.owner_id ?? 0,
  username: r.username,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});
