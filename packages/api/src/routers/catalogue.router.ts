import * as attachments from '@wenku/domain/attachments';
import * as catalogue from '@wenku/domain/catalogue';
import {
  adsByPositionInput,
  advertisementOutput,
  attachmentOutput,
  bannerOutput,
  categoryOutput,
  createAdvertisementInput,
  createBannerInput,
  createCategoryInput,
  createFriendlinkInput,
  createLanguageInput,
  createNavigationInput,
  emptyOutput,
  friendlinkOutput,
  idInput,
  idsInput,
  languageOutput,
  languageStatusInput,
  listAdvertisementsInput,
  listAdvertisementsOutput,
  listAttachmentsInput,
  listAttachmentsOutput,
  listBannersInput,
  listBannersOutput,
  listCategoriesInput,
  listCategoriesOutput,
  listFriendlinksInput,
  listFriendlinksOutput,
  listLanguagesInput,
  listLanguagesOutput,
  listNavigationsInput,
  listNavigationsOutput,
  navigationOutput,
  sortCategoriesInput,
  updateAdvertisementInput,
  updateAttachmentInput,
  updateBannerInput,
  updateCategoryInput,
  updateFriendlinkInput,
  updateLanguageInput,
  updateNavigationInput,
} from '@wenku/shared';
import { z } from 'zod';
import { done, permissionProcedure, publicProcedure, router } from '../trpc.ts';

export const categoryRouter = router({
  list: publicProcedure
    .input(listCategoriesInput)
    .output(listCategoriesOutput)
    .query(({ ctx, input }) => catalogue.listCategories(ctx, input)),
  get: publicProcedure
    .input(idInput)
    .output(categoryOutput)
    .query(({ ctx, input }) => catalogue.getCategory(ctx, input.id)),
  create: permissionProcedure('CategoryAPI.CreateCategory')
    .input(createCategoryInput)
    .output(z.object({ category: z.array(categoryOutput) }))
    .mutation(({ ctx, input }) => catalogue.createCategories(ctx, input)),
  update: permissionProcedure('CategoryAPI.UpdateCategory')
    .input(updateCategoryInput)
    .output(categoryOutput)
    .mutation(({ ctx, input }) => catalogue.updateCategory(ctx, input)),
  delete: permissionProcedure('CategoryAPI.DeleteCategory')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.deleteCategories(ctx, input.id))),
  /** Drag-and-drop order of one parent's children; part of editing categories, hence the update permission. */
  sort: permissionProcedure('CategoryAPI.UpdateCategory')
    .input(sortCategoriesInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.sortCategories(ctx, input))),
});

export const navigationRouter = router({
  /** Public: the header builds its menu from it (enabled rows only unless the caller manages navigation). */
  list: publicProcedure
    .input(listNavigationsInput)
    .output(listNavigationsOutput)
    .query(({ ctx, input }) => catalogue.navigations.list(ctx, input)),
  get: permissionProcedure('NavigationAPI.GetNavigation')
    .input(idInput)
    .output(navigationOutput)
    .query(({ ctx, input }) => catalogue.navigations.get(ctx, input.id)),
  create: permissionProcedure('NavigationAPI.CreateNavigation')
    .input(createNavigationInput)
    .output(navigationOutput)
    .mutation(({ ctx, input }) => catalogue.saveNavigation(ctx, input)),
  update: permissionProcedure('NavigationAPI.UpdateNavigation')
    .input(updateNavigationInput)
    .output(navigationOutput)
    .mutation(({ ctx, input }) => catalogue.saveNavigation(ctx, input)),
  delete: permissionProcedure('NavigationAPI.DeleteNavigation')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.deleteNavigations(ctx, input.id))),
});

export const friendlinkRouter = router({
  list: publicProcedure
    .input(listFriendlinksInput)
    .output(listFriendlinksOutput)
    .query(({ ctx, input }) => catalogue.friendlinks.list(ctx, input)),
  get: publicProcedure
    .input(idInput)
    .output(friendlinkOutput)
    .query(({ ctx, input }) => catalogue.friendlinks.get(ctx, input.id)),
  create: permissionProcedure('FriendlinkAPI.CreateFriendlink')
    .input(createFriendlinkInput)
    .output(friendlinkOutput)
    .mutation(({ ctx, input }) => catalogue.friendlinks.create(ctx, input)),
  update: permissionProcedure('FriendlinkAPI.UpdateFriendlink')
    .input(updateFriendlinkInput)
    .output(friendlinkOutput)
    .mutation(({ ctx, input }) => catalogue.friendlinks.update(ctx, input)),
  delete: permissionProcedure('FriendlinkAPI.DeleteFriendlink')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.friendlinks.remove(ctx, input.id))),
});

export const bannerRouter = router({
  list: publicProcedure
    .input(listBannersInput)
    .output(listBannersOutput)
    .query(({ ctx, input }) =>
      catalogue.banners.list(ctx, input, input.type?.length ? { type: { $in: input.type } } : {}),
    ),
  get: permissionProcedure('BannerAPI.GetBanner')
    .input(idInput)
    .output(bannerOutput)
    .query(({ ctx, input }) => catalogue.banners.get(ctx, input.id)),
  create: permissionProcedure('BannerAPI.CreateBanner')
    .input(createBannerInput)
    .output(bannerOutput)
    .mutation(({ ctx, input }) => catalogue.banners.create(ctx, input)),
  update: permissionProcedure('BannerAPI.UpdateBanner')
    .input(updateBannerInput)
    .output(bannerOutput)
    .mutation(({ ctx, input }) => catalogue.banners.update(ctx, input)),
  delete: permissionProcedure('BannerAPI.DeleteBanner')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.banners.remove(ctx, input.id))),
});

export const advertisementRouter = router({
  /** Admin list, with filters (needs the list permission). */
  list: permissionProcedure('AdvertisementAPI.ListAdvertisement')
    .input(listAdvertisementsInput)
    .output(listAdvertisementsOutput)
    .query(({ ctx, input }) =>
      catalogue.advertisements.list(ctx, input, input.position?.length ? { position: { $in: input.position } } : {}),
    ),
  /** Public by-position query; VIP members get an empty list. */
  byPosition: publicProcedure
    .input(adsByPositionInput)
    .output(listAdvertisementsOutput)
    .query(({ ctx, input }) => catalogue.advertisementsByPosition(ctx, input.position)),
  get: permissionProcedure('AdvertisementAPI.GetAdvertisement')
    .input(idInput)
    .output(advertisementOutput)
    .query(({ ctx, input }) => catalogue.advertisements.get(ctx, input.id)),
  create: permissionProcedure('AdvertisementAPI.CreateAdvertisement')
    .input(createAdvertisementInput)
    .output(advertisementOutput)
    .mutation(({ ctx, input }) => catalogue.saveAdvertisement(ctx, input)),
  update: permissionProcedure('AdvertisementAPI.UpdateAdvertisement')
    .input(updateAdvertisementInput)
    .output(advertisementOutput)
    .mutation(({ ctx, input }) => catalogue.saveAdvertisement(ctx, input)),
  delete: permissionProcedure('AdvertisementAPI.DeleteAdvertisement')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.advertisements.remove(ctx, input.id))),
});

export const languageRouter = router({
  /** Public sees enabled languages (upload and filter selectors); managers see all. */
  list: publicProcedure
    .input(listLanguagesInput)
    .output(listLanguagesOutput)
    .query(({ ctx, input }) => catalogue.languages.list(ctx, input)),
  create: permissionProcedure('LanguageAPI.CreateLanguage')
    .input(createLanguageInput)
    .output(languageOutput)
    .mutation(({ ctx, input }) => catalogue.saveLanguage(ctx, input)),
  update: permissionProcedure('LanguageAPI.UpdateLanguage')
    .input(updateLanguageInput)
    .output(languageOutput)
    .mutation(({ ctx, input }) => catalogue.saveLanguage(ctx, input)),
  setStatus: permissionProcedure('LanguageAPI.UpdateLanguageStatus')
    .input(languageStatusInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.setLanguagesEnabled(ctx, input.id, input.enable))),
  delete: permissionProcedure('LanguageAPI.DeleteLanguage')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(catalogue.deleteLanguages(ctx, input.id))),
});

export const attachmentRouter = router({
  list: permissionProcedure('AttachmentAPI.ListAttachment')
    .input(listAttachmentsInput)
    .output(listAttachmentsOutput)
    .query(({ ctx, input }) => attachments.listAttachments(ctx, input)),
  get: permissionProcedure('AttachmentAPI.GetAttachment')
    .input(idInput)
    .output(attachmentOutput)
    .query(({ ctx, input }) => attachments.getAttachment(ctx, input.id)),
  update: permissionProcedure('AttachmentAPI.UpdateAttachment')
    .input(updateAttachmentInput)
    .output(attachmentOutput)
    .mutation(({ ctx, input }) => attachments.updateAttachment(ctx, input)),
  delete: permissionProcedure('AttachmentAPI.DeleteAttachment')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(attachments.deleteAttachments(ctx, input.id))),
});
