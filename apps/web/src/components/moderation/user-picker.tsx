import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckIcon, LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/areas/moderation';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';

const DEBOUNCE_MS = 300;
const RESULTS = 10;

/**
 * Usernames of these member ids in one `user.list` request (operators of a punishment log, members picked in a
 * form); ids not (yet) known map to nothing, the caller shows `#id`.
 */
export function useUserNames(ids: readonly number[]): Map<number, string> {
  const trpc = useTRPC();
  const unique = React.useMemo(() => [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b), [ids]);
  const query = useQuery({
    ...trpc.user.list.queryOptions({ id: unique, page: 1, size: Math.max(1, unique.length) }),
    enabled: unique.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return React.useMemo(() => new Map((query.data?.user ?? []).map((u) => [u.id, u.username])), [query.data]);
}

interface UserPickerProps {
  /** The chosen member ids. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** One member (a list filter) or several (the punishment form). */
  multiple?: boolean;
  /** Members never offered (the root administrator, whom punishments skip). */
  exclude?: readonly number[];
  id?: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Picks members by a remote search on `user.list` (username, and for administrators e-mail and mobile): the chosen
 * ones show as chips, typing lists matches under the box; arrows, Enter and Escape work as in a combobox and
 * Backspace in the empty box removes the last chip.
 */
export function UserPicker({
  value,
  onChange,
  multiple = true,
  exclude,
  id,
  placeholder,
  className,
  disabled,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
}: UserPickerProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const listId = React.useId();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [text, setText] = React.useState('');
  const [wd, setWd] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  // Names of members picked from the results, so their chips show at once (the lookup below fills in the others).
  const [picked, setPicked] = React.useState<Map<number, string>>(() => new Map());
  const looked = useUserNames(value);
  const nameOf = (uid: number) => picked.get(uid) ?? looked.get(uid) ?? `#${uid}`;

  React.useEffect(() => {
    const timer = setTimeout(() => {
      setWd(text.trim());
      setActive(0);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useQuery({
    ...trpc.user.list.queryOptions({ wd: wd || undefined, page: 1, size: RESULTS }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const options = React.useMemo(
    () => (results.data?.user ?? []).filter((u) => !exclude?.includes(u.id)),
    [results.data, exclude],
  );
  const chosen = new Set(value);
  const toggle = (user: { id: number; username: string }) => {
    setPicked((m) => new Map(m).set(user.id, user.username));
    if (!multiple) {
      onChange(chosen.has(user.id) ? [] : [user.id]);
      setOpen(false);
      setText('');
      return;
    }
    onChange(chosen.has(user.id) ? value.filter((v) => v !== user.id) : [...value, user.id]);
    setText('');
    inputRef.current?.focus();
  };
  const remove = (uid: number) => onChange(value.filter((v) => v !== uid));

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const n = options.length;
      if (n) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      // Never submit the surrounding form from the search box.
      e.preventDefault();
      const option = options[active];
      if (open && option) toggle(option);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value[value.length - 1] as number);
    }
  };

  const single = !multiple && value.length > 0;
  return (
    <Popover open={open && !disabled} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        {/* Clicking anywhere in the box focuses its search input (a pointer convenience; the input is focusable). */}
        <div
          className={cn(
            'flex min-h-9 w-full cursor-text flex-wrap items-center gap-1.5 rounded-md border border-input bg-transparent px-2.5 py-1 text-base shadow-xs md:text-sm transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30',
            ariaInvalid && 'border-destructive',
            disabled && 'pointer-events-none opacity-50',
            className,
          )}
          onClick={() => {
            inputRef.current?.focus();
            setOpen(true);
          }}
        >
          {value.length === 0 || !multiple ? <SearchIcon className="size-4 shrink-0 text-muted-foreground" /> : null}
          {value.map((uid) => (
            <span
              key={uid}
              className="inline-flex max-w-full items-center gap-1 rounded bg-secondary py-0.5 pr-1 pl-2 text-secondary-foreground text-xs"
              data-testid="user-chip"
            >
              <span className="truncate">{nameOf(uid)}</span>
              <button
                type="button"
                className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
                aria-label={t('moderation.userPicker.remove', { name: nameOf(uid) })}
                onClick={(e) => {
                  e.stopPropagation();
                  remove(uid);
                }}
              >
                <XIcon className="size-3" />
              </button>
            </span>
          ))}
          <input
            ref={inputRef}
            id={id}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-label={ariaLabel}
            aria-invalid={ariaInvalid}
            aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
            autoComplete="off"
            disabled={disabled}
            value={text}
            placeholder={single ? '' : (placeholder ?? t('moderation.userPicker.placeholder'))}
            className={cn(
              'h-7 min-w-16 flex-1 bg-transparent outline-none placeholder:text-muted-foreground',
              single && 'min-w-4',
            )}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            // Not on focus: a dialog focuses its first field on opening, and the list would cover the form.
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-56 p-1"
        onOpenAutoFocus={(e) => e.preventDefault()}
        onCloseAutoFocus={(e) => e.preventDefault()}
        // The search box is outside the popover but belongs to it: clicks there keep the list open.
        onInteractOutside={(e) => {
          const target = e.target as Node | null;
          if (target && inputRef.current?.parentElement?.contains(target)) e.preventDefault();
        }}
      >
        <div id={listId} role="listbox" aria-multiselectable={multiple} className="max-h-64 overflow-y-auto">
          {results.isPending ? (
            <p className="flex items-center gap-2 px-2 py-2 text-muted-foreground text-sm">
              <LoaderCircleIcon className="size-4 animate-spin" />
              {t('moderation.userPicker.searching')}
            </p>
          ) : options.length === 0 ? (
            <p className="px-2 py-2 text-muted-foreground text-sm">{t('moderation.userPicker.noResult')}</p>
          ) : (
            options.map((u, i) => {
              const selected = chosen.has(u.id);
              return (
                <div
                  key={u.id}
                  id={`${listId}-${u.id}`}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={cn(
                    'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    i === active && 'bg-accent text-accent-foreground',
                  )}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => toggle(u)}
                >
                  <CheckIcon className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} />
                  <span className="min-w-0 flex-1 truncate">{u.username}</span>
                  <span className="shrink-0 text-muted-foreground text-xs tabular-nums">#{u.id}</span>
                </div>
              );
            })
          )}
          {results.isFetching && !results.isPending ? (
            <span className="sr-only">{t('moderation.userPicker.searching')}</span>
          ) : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}
