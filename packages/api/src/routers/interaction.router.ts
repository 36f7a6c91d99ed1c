import * as dynamics from '@wenku/domain/dynamics';
import * as interactions from '@wenku/domain/interactions';
import {
  checkCommentsInput,
  commentListInput,
  commentListOutput,
  commentOutput,
  createCommentInput,
  emptyOutput,
  favoriteInput,
  favoriteListInput,
  favoriteListOutput,
  favoriteOutput,
  idInput,
  idsInput,
  updateCommentInput,
  zId,
} from '@wenku/shared';
import { z } from 'zod';
import { done, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

/** Favourites (moredoc-facts §11): a member's own. */
export const favoriteRouter = router({
  create: memberProcedure
    .input(favoriteInput)
    .output(favoriteOutput)
    .mutation(({ ctx, input }) => interactions.addFavorite(ctx, input)),
  delete: memberProcedure
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(interactions.removeFavorites(ctx, input.id))),
  /** The caller's favourite of one item, or `{}`. */
  get: publicProcedure
    .input(favoriteInput)
    .output(favoriteOutput.or(favoriteOutput.partial().strict()))
    .query(({ ctx, input }) => interactions.getFavorite(ctx, input)),
  list: memberProcedure
    .input(favoriteListInput)
    .output(favoriteListOutput)
    .query(({ ctx, input }) => interactions.listFavorites(ctx, input)),
});

/** Activity feeds (moredoc-facts §14): one's own, or another member's public lines. */
export const dynamicRouter = router({
  list: publicProcedure
    .meta({ accessNote: '他人的动态公开；不带 user_id（自己的动态）时需要登录' })
    .input(
      z.object({
        page: z.coerce.number().int().min(1).default(1),
        size: z.coerce.number().int().min(1).max(100).default(10),
        user_id: zId.optional(),
      }),
    )
    .output(
      z.object({
        total: z.number(),
        dynamic: z.array(
          z.object({
            id: z.number(),
            user_id: z.number(),
            content: z.string(),
            type: z.number(),
            created_at: z.string(),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => dynamics.listDynamics(ctx, input)),
});

/** Comments (moredoc-facts §10): members comment; administrators review, edit and delete. */
export const commentRouter = router({
  create: memberProcedure
    .input(createCommentInput)
    .output(commentOutput)
    .mutation(async ({ ctx, input }) => (await interactions.createComment(ctx, input))!),
  list: publicProcedure
    .input(commentListInput)
    .output(commentListOutput)
    .query(({ ctx, input }) => interactions.listComments(ctx, input)),
  delete: memberProcedure
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(interactions.deleteComments(ctx, input.id))),
  get: permissionProcedure('CommentAPI.GetComment')
    .input(idInput)
    .output(commentOutput)
    .query(async ({ ctx, input }) => (await interactions.getComment(ctx, input.id))!),
  update: permissionProcedure('CommentAPI.UpdateComment')
    .input(updateCommentInput)
    .output(commentOutput)
    .mutation(async ({ ctx, input }) => (await interactions.updateComment(ctx, input))!),
  check: permissionProcedure('CommentAPI.CheckComment')
    .input(checkCommentsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(interactions.checkComments(ctx, input.id, input.status))),
});
