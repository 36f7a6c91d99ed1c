import * as settings from '@wenku/domain/settings';
import * as sitemap from '@wenku/domain/sitemap';
import * as system from '@wenku/domain/system';
import {
  emptyOutput,
  listConfigInput,
  listConfigOutput,
  publicSettingsOutput,
  rechargeSettingsOutput,
  statsOutput,
  updateConfigInput,
  zBool,
} from '@wenku/shared';
import { z } from 'zod';
import { loginPageProcedure, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

const envsOutput = z.object({
  envs: z.array(
    z.object({
      name: z.string(),
      is_required: z.boolean(),
      is_installed: z.boolean(),
      version: z.string(),
      description: z.string(),
      error: z.string(),
      checked_at: z.string(),
    }),
  ),
});
const deviceOutput = z.object({
  cpu: z.object({ cores: z.number(), model_name: z.string(), mhz: z.number(), percent: z.number() }),
  memory: z.object({ total: z.number(), used: z.number(), free: z.number(), percent: z.number() }),
  disk: z.array(
    z.object({ disk_name: z.string(), total: z.number(), used: z.number(), free: z.number(), percent: z.number() }),
  ),
});
const licenseOutput = z.object({
  /** 1: a full licence in MOREDOC's terms (its dashboard shows 试用 for anything else). */
  type: z.number(),
  max_docs: z.number(),
  max_articles: z.number(),
  max_users: z.number(),
  addr: z.string(),
  expired_at: z.string(),
});

const releaseOutput = z.object({
  version: z.string(),
  source: z.string(),
  url: z.string(),
  tag_name: z.string().optional(),
  name: z.string(),
  body: z.string(),
  release_at: z.string(),
  has_new: z.boolean(),
});

export const systemRouter = router({
  /** Public settings: the login page needs them even on a closed site. */
  settings: loginPageProcedure.output(publicSettingsOutput).query(({ ctx }) => settings.getPublicSettings(ctx)),
  rechargeSettings: publicProcedure
    .output(rechargeSettingsOutput)
    .query(({ ctx }) => settings.getRechargeSettings(ctx)),
  listConfig: permissionProcedure('ConfigAPI.ListConfig')
    .input(listConfigInput)
    .output(listConfigOutput)
    .query(({ ctx, input }) => settings.listConfig(ctx, input.category)),
  updateConfig: permissionProcedure('ConfigAPI.UpdateConfig')
    .input(updateConfigInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await settings.updateConfig(ctx, input.config);
      return {};
    }),
  stats: publicProcedure.output(statsOutput).query(({ ctx }) => system.getStats(ctx)),
  /** Dashboard: totals, today's numbers and per-day counts over a range of dates. */
  statsTrend: permissionProcedure('ConfigAPI.GetStats')
    .input(
      z.object({
        start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确'),
        end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确'),
      }),
    )
    .output(
      z.object({
        totals: z.record(z.string(), z.object({ total: z.number(), today: z.number() })),
        days: z.array(z.string()),
        series: z.record(z.string(), z.array(z.number())),
      }),
    )
    .query(({ ctx, input }) => system.getStatsTrend(ctx, input)),
  envs: permissionProcedure('ConfigAPI.GetEnvs')
    .input(z.object({ refresh: zBool.optional() }).optional())
    .output(envsOutput)
    .query(({ input }) => system.getEnvs({ refresh: input?.refresh })),
  device: permissionProcedure('ConfigAPI.GetDeviceInfo')
    .output(deviceOutput)
    .query(() => system.getDevice()),
  license: memberProcedure.output(licenseOutput).query(() => system.getLicense()),
  release: memberProcedure.output(releaseOutput).query(({ ctx }) => system.getRelease(ctx)),
  refreshRelease: memberProcedure.output(releaseOutput).mutation(({ ctx }) => system.refreshRelease(ctx)),
  setReleaseSource: memberProcedure
    .input(z.object({ source: z.string().max(16), url: z.string().max(255).optional() }))
    .output(releaseOutput)
    .mutation(({ ctx, input }) => system.setReleaseSource(ctx, input)),
  ignoreRelease: memberProcedure.output(releaseOutput).mutation(({ ctx }) => system.ignoreRelease(ctx)),
  updateSitemap: permissionProcedure('ConfigAPI.UpdateSitemap')
    .output(z.object({ urls: z.number(), files: z.number() }))
    .mutation(({ ctx }) => sitemap.buildSitemap(ctx)),
  /** moredoc's MySQL-only switch: there is nothing to set on PostgreSQL (spec §7 / issue 2). */
  sqlMode: permissionProcedure('ConfigAPI.UpdateConfig')
    .input(z.object({ value: z.string().optional() }).optional())
    .output(z.object({ message: z.string() }))
    .mutation(() => ({ message: 'Wenku 使用 PostgreSQL，无需设置 SQL 模式，未做任何更改' })),
});
