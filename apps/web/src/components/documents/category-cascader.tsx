import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/menu';
import { cn } from '@/lib/utils';
import { type CategoryTreeNode, cascadeLevels, choosePath } from './category-path';

const NONE = '__none__';

/**
 * The cascading category select of the upload and edit forms (moredoc's cascader, any level selectable): one select
 * per level; a level below the first may be left at "—" to stop at its parent. The value is the whole path.
 */
export function CategoryCascader({
  tree,
  value,
  onChange,
  id,
  invalid,
  disabled,
  className,
}: {
  tree: readonly CategoryTreeNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const levels = cascadeLevels(tree, value);
  if (tree.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('documents.category.none')}</p>;
  }
  return (
    <fieldset
      className={cn('m-0 grid min-w-0 gap-2 border-0 p-0 sm:grid-cols-2 lg:grid-cols-3', className)}
      aria-invalid={invalid}
    >
      {levels.map((options, level) => {
        const current = value[level];
        return (
          <Select
            key={level}
            disabled={disabled}
            value={current === undefined ? (level === 0 ? '' : NONE) : String(current)}
            onValueChange={(v) => onChange(choosePath(value, level, v === NONE ? null : Number(v)))}
          >
            <SelectTrigger
              id={level === 0 ? id : undefined}
              aria-invalid={invalid}
              aria-label={t('documents.category.level', { level: level + 1 })}
              className={cn(invalid && 'border-destructive')}
            >
              <SelectValue placeholder={t('documents.category.placeholder')} />
            </SelectTrigger>
            <SelectContent>
              {level > 0 ? <SelectItem value={NONE}>{t('documents.category.noSub')}</SelectItem> : null}
              {options.map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        );
      })}
    </fieldset>
  );
}
