import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { type CategoryTreeNode, cascadeLevels, choosePath } from './category-path';

const NONE = '__none__';

/** The words of a category cascade. */
export interface CascadeTexts {
  /** Shown instead of the selects when there is no category. */
  none: string;
  /** The accessible name of a level's select (1-based). */
  level: (level: number) => string;
  placeholder: string;
  /** The choice that stops at the parent, on the levels below the first. */
  noSub: string;
  /** With it the first level may be cleared too, under this label (the first level then shows it when empty). */
  noTop?: string;
}

/**
 * A cascading category select (moredoc's cascader, any level selectable): one select per level; a level below the
 * first may be left at "—" to stop at its parent. The value is the whole path. Documents and articles word it
 * their own way (`texts`).
 */
export function CategoryCascade<N extends CategoryTreeNode>({
  tree,
  value,
  onChange,
  texts,
  optionLabel = (o) => o.title,
  id,
  invalid,
  disabled,
  className,
  triggerClassName,
}: {
  tree: readonly N[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  texts: CascadeTexts;
  optionLabel?: (option: N) => string;
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The fieldset's classes (the levels' grid). */
  className: string;
  triggerClassName?: string;
}) {
  if (tree.length === 0) return <p className="text-muted-foreground text-sm">{texts.none}</p>;
  const levels = cascadeLevels(tree, value);
  return (
    <fieldset className={className} aria-invalid={invalid}>
      {levels.map((options, level) => {
        const current = value[level];
        const clearable = level > 0 || texts.noTop !== undefined;
        return (
          <Select
            key={level}
            disabled={disabled}
            value={current === undefined ? (clearable ? NONE : '') : String(current)}
            onValueChange={(v) => onChange(choosePath(value, level, v === NONE ? null : Number(v)))}
          >
            <SelectTrigger
              id={level === 0 ? id : undefined}
              aria-invalid={invalid}
              aria-label={texts.level(level + 1)}
              className={cn(triggerClassName, invalid && 'border-destructive')}
            >
              <SelectValue placeholder={texts.placeholder} />
            </SelectTrigger>
            <SelectContent>
              {clearable ? <SelectItem value={NONE}>{level === 0 ? texts.noTop : texts.noSub}</SelectItem> : null}
              {options.map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {optionLabel(o)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        );
      })}
    </fieldset>
  );
}

/** What a form gives its category cascade. */
export interface CategoryCascaderProps {
  tree: readonly CategoryTreeNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The document category cascade of the upload and edit forms. */
export function CategoryCascader({ className, ...props }: CategoryCascaderProps) {
  const { t } = useTranslation();
  return (
    <CategoryCascade
      {...props}
      className={cn('m-0 grid min-w-0 gap-2 border-0 p-0 sm:grid-cols-2 lg:grid-cols-3', className)}
      texts={{
        none: t('documents.category.none'),
        level: (level) => t('documents.category.level', { level }),
        placeholder: t('documents.category.placeholder'),
        noSub: t('documents.category.noSub'),
      }}
    />
  );
}
