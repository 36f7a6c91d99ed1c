import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AVATAR_DEFAULT_SIZE, IMAGE_EXTENSIONS, type UserDTO } from '@wenku/shared';
import { CameraIcon, LoaderCircleIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ProfileForm } from '@/components/forms/profile-form';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { optionalEnum, z } from '@/lib/search-schema';
import { session } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { uploadImage } from '@/lib/upload';
import { MePending } from './-components/me-pending';
import { ME_INPUT } from './-components/me-query';
import { UserOauth } from './-components/user-oauth';

/** `tab=oauth` opens 第三方绑定 (moredoc-pro-facts §7.5). */
const searchSchema = z.object({ tab: optionalEnum(['profile', 'oauth']) });

export const Route = createFileRoute('/_site/me/profile')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.user.get.queryOptions(ME_INPUT)),
  pendingComponent: MePending,
  component: ProfilePage,
});

/**
 * /me/profile: the avatar (uploaded, then the session's user refreshed) and the profile form of spec §2/§5; the tab
 * 第三方绑定 lists and unbinds third-party accounts (moredoc-pro-facts §7.5).
 */
function ProfilePage() {
  const { t } = useTranslation();
  const { tab = 'profile' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.user.get.queryOptions(ME_INPUT));
  usePageTitle(t('me.profile.title'));
  // id 0 is always the caller, who sees the full record.
  const user = 'email' in data ? data : ({ ...session.get().user, ...data } as UserDTO);
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => void navigate({ search: v === 'oauth' ? { tab: 'oauth' } : {}, replace: true })}
      className="grid gap-4"
    >
      <TabsList className="grid w-full grid-cols-2 sm:w-80">
        <TabsTrigger value="profile">{t('oauth.manage.profileTab')}</TabsTrigger>
        <TabsTrigger value="oauth">{t('oauth.manage.tab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="oauth">
        <Card>
          <CardHeader>
            <CardTitle>{t('oauth.manage.tab')}</CardTitle>
          </CardHeader>
          <CardContent>
            <UserOauth />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="profile" className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('me.profile.avatar')}</CardTitle>
            <CardDescription>{t('me.profile.avatarHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <AvatarUpload user={user} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('me.profile.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ProfileForm
              key={user.id}
              user={user}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() })}
            />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

function AvatarUpload({ user }: { user: UserDTO }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t('me.profile.avatarNotImage'));
      return;
    }
    setBusy(true);
    try {
      // The server makes the upload the caller's avatar at once (moredoc-facts §16.3); then re-read the user.
      await uploadImage('avatar', file);
      await refreshUser(client);
      await queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
      toast.success(t('me.profile.avatarSuccess'));
    } catch (e) {
      toast.error(errorMessage(e, t('me.profile.avatarFailed')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex items-center gap-5">
      <div className="relative">
        <Avatar src={user.avatar || undefined} name={user.username} size={AVATAR_DEFAULT_SIZE} vip={user.is_vip} />
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40">
            <LoaderCircleIcon className="size-6 animate-spin text-white" />
          </span>
        ) : null}
      </div>
      <div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_EXTENSIONS.join(',')}
          className="hidden"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid="avatar-input"
        />
        <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          <CameraIcon />
          {busy ? t('me.profile.avatarUploading') : t('me.profile.changeAvatar')}
        </Button>
      </div>
    </div>
  );
}
