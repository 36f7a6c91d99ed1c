import type { DocumentDTO } from '@wenku/shared';
import { CrownIcon } from 'lucide-react';
import * as React from 'react';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { Button } from '@/components/ui/button';
import { DialogDescription, Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/form-controls';
import { useTranslation } from '@/i18n/react';

/**
 * 批量VIP (moredoc-pro-facts §5.4): the selected documents and one switch, 设置VIP文档 or 取消VIP文档. `onSave` asks
 * for confirmation, saves and closes the drawer.
 */
export function SetVipDrawer({
  rows,
  onClose,
  onSave,
}: {
  rows: DocumentDTO[];
  onClose: () => void;
  onSave: (isVip: boolean) => void;
}) {
  const { t } = useTranslation();
  // Starts on 设置VIP文档 unless every selected document is a VIP document already.
  const [isVip, setIsVip] = React.useState(() => !rows.every((r) => r.is_vip));
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-[90%] gap-4 sm:w-1/2 sm:max-w-none" data-testid="set-vip-drawer">
        <div className="grid gap-1 pr-6">
          <SheetTitle className="flex items-center gap-2">
            <CrownIcon className="size-5 text-amber-500" aria-hidden />
            {t('documents.admin.bulkVip')}
          </SheetTitle>
          <DialogDescription>{t('documents.admin.bulkVipHint', { count: rows.length })}</DialogDescription>
        </div>
        <ul className="grid max-h-[50vh] gap-1.5 overflow-y-auto rounded-md border p-2 text-sm">
          {rows.map((r) => (
            <li key={r.id} className="flex items-center gap-2">
              <FileKindIcon ext={r.ext} className="size-4" />
              <span className="min-w-0 flex-1 truncate" title={r.title}>
                {r.title}
              </span>
              {r.is_vip ? (
                <span className="inline-flex shrink-0 items-center gap-0.5 text-amber-600 text-xs dark:text-amber-400">
                  <CrownIcon className="size-3" aria-hidden />
                  VIP
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-3">
          <Switch id="bulk-vip-switch" checked={isVip} onCheckedChange={setIsVip} />
          <label htmlFor="bulk-vip-switch" className="font-medium text-sm">
            {isVip ? t('documents.admin.setVip') : t('documents.admin.unsetVip')}
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onSave(isVip)}>{t('save')}</Button>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The VIP文档 column of the list: 是 with a crown, or 否. */
export function VipCell({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <span className="inline-flex items-center gap-1 text-amber-600 text-xs dark:text-amber-400">
      <CrownIcon className="size-3.5" aria-hidden />
      {t('yes')}
    </span>
  ) : (
    <span className="text-muted-foreground text-xs">{t('no')}</span>
  );
}
