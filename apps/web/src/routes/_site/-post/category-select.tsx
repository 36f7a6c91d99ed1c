import { useTranslation } from 'react-i18next';
import { type CategoryTreeNode, cascadeLevels, choosePath } from '@/components/documents/category-path';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/menu';
import { cn } from '@/lib/utils';

const NONE = '__none__';

/**
 * The article category cascade (moredoc's cascader, any level selectable): one select per level; a level below
 * the first may stay at "—" to stop at its parent. The value is the whole path.
 */
export function ArticleCategorySelect({
  tree,
  value,
  onChange,
  id,
  invalid,
  disabled,
}: {
  tree: readonly CategoryTreeNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (tree.length === 0) return <p className="text-muted-foreground text-sm">{t('article.post.noCategories')}</p>;
  const levels = cascadeLevels(tree, value);
  return (
    <fieldset className="m-0 grid min-w-0 gap-2 border-0 p-0" aria-invalid={invalid}>
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
              aria-label={t('article.post.categoryLevel', { level: level + 1 })}
              className={cn('w-full', invalid && 'border-destructive')}
            >
              <SelectValue placeholder={t('article.post.categoryPlaceholder')} />
            </SelectTrigger>
            <SelectContent>
              {level > 0 ? <SelectItem value={NONE}>{t('article.post.noSubCategory')}</SelectItem> : null}
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
