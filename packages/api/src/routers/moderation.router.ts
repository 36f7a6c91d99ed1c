import * as moderation from '@wenku/domain/moderation';
import {
  createPunishmentInput,
  createReportInput,
  emptyOutput,
  idInput,
  idsInput,
  listOutput,
  punishmentListInput,
  punishmentOutput,
  reportListInput,
  reportOutput,
  updatePunishmentInput,
  updateReportInput,
} from '@wenku/shared';
import { z } from 'zod';
import { done, memberProcedure, permissionProcedure, router } from '../trpc.ts';

/** Reports (moredoc-facts §12): members report, the back office handles. */
export const reportRouter = router({
  create: memberProcedure
    .input(createReportInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => moderation.createReport(ctx, input)),
  list: permissionProcedure('ReportAPI.ListReport')
    .input(reportListInput)
    .output(listOutput('report', reportOutput))
    .query(({ ctx, input }) => moderation.listReports(ctx, input)),
  update: permissionProcedure('ReportAPI.UpdateReport')
    .input(updateReportInput)
    .output(reportOutput)
    .mutation(({ ctx, input }) => moderation.updateReport(ctx, input)),
  delete: permissionProcedure('ReportAPI.DeleteReport')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(moderation.deleteReports(ctx, input.id))),
});

/** Punishments (moredoc-facts §13), enforced by the domain at each action. */
export const punishmentRouter = router({
  create: permissionProcedure('PunishmentAPI.CreatePunishment')
    .input(createPunishmentInput)
    .output(z.object({ punishment: z.array(punishmentOutput) }))
    .mutation(({ ctx, input }) => moderation.createPunishments(ctx, input)),
  update: permissionProcedure('PunishmentAPI.UpdatePunishment')
    .input(updatePunishmentInput)
    .output(punishmentOutput)
    .mutation(({ ctx, input }) => moderation.updatePunishment(ctx, input)),
  cancel: permissionProcedure('PunishmentAPI.CancelPunishment')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(moderation.cancelPunishments(ctx, input.id))),
  get: permissionProcedure('PunishmentAPI.GetPunishment')
    .input(idInput)
    .output(punishmentOutput)
    .query(({ ctx, input }) => moderation.getPunishment(ctx, input.id)),
  list: permissionProcedure('PunishmentAPI.ListPunishment')
    .input(punishmentListInput)
    .output(listOutput('punishment', punishmentOutput))
    .query(({ ctx, input }) => moderation.listPunishments(ctx, input)),
});
