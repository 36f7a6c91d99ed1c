import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, type SortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import type { ColumnDef } from '@tanstack/react-table';
import { GripVerticalIcon } from 'lucide-react';
import * as React from 'react';
import { createPortal } from 'react-dom';
import { TableRow } from '@/components/ui/table';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import type { DataTableRowProps } from './data-table';
import { flattenTree, type TreeNode, type TreeRow } from './tree';
import { type DropIndicator, dropIndicator, siblingCounts } from './tree-sort';

interface SortableTreeState {
  indicator: DropIndicator | null;
  /** The parent of the row being dragged: only its siblings are drop targets. */
  activeParentId: number | null;
  siblings: ReadonlyMap<number, number>;
  disabled: boolean;
  roleDescription: string;
}
const SortableTreeContext = React.createContext<SortableTreeState | null>(null);

interface HandleState {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  /** No siblings: nothing to reorder. (While an order saves, dragging pauses but the grip keeps the focus.) */
  lonely: boolean;
}
const HandleContext = React.createContext<HandleState | null>(null);

/**
 * Rows stay where they are while one is dragged and a line shows where it will land. Shifting rows (dnd-kit's list
 * strategies) would mislead in a tree: a sibling's expanded subtree sits between two siblings and would not move.
 */
const stayInPlace: SortingStrategy = () => null;

/** Only the siblings of the dragged row can be under it (another parent is chosen in the edit form). */
const siblingsOnly: CollisionDetection = (args) =>
  closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (c) => c.data.current?.parentId === args.active.data.current?.parentId,
    ),
  });

/**
 * Drag-and-drop sorting of a tree table among siblings: wrap the DataTable, give it `rowComponent={SortableTreeTableRow}`
 * and a `dragHandleColumn`. Works with a mouse, a finger (drags start on the handle after a few pixels, so taps and
 * scrolling elsewhere stay as they are) and the keyboard (space, arrows, space). `onMove` gets the dragged row and
 * the sibling it was dropped on.
 */
export function SortableTree<T extends TreeRow>({
  tree,
  isExpanded,
  disabled = false,
  label,
  onMove,
  children,
}: {
  tree: readonly TreeNode<T>[] | undefined;
  /** Whether a row shows its children (the drop line goes below a target's visible subtree). */
  isExpanded: (id: number) => boolean;
  disabled?: boolean;
  /** A row's name in the drag preview and in what screen readers announce. */
  label: (row: T) => string;
  onMove: (activeId: number, overId: number) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nodes = React.useMemo(() => flattenTree(tree ?? []).map((x) => x.node), [tree]);
  const items = React.useMemo(() => nodes.map((n) => n.id), [nodes]);
  const byId = React.useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const siblings = React.useMemo(() => siblingCounts(tree ?? []), [tree]);
  const [drag, setDrag] = React.useState<{ active: number; over: number | null } | null>(null);
  const active = drag ? byId.get(drag.active) : undefined;
  const indicator = React.useMemo(
    () => (drag?.over != null ? dropIndicator(tree ?? [], drag.active, drag.over, isExpanded) : null),
    [tree, drag, isExpanded],
  );

  const name = (id: UniqueIdentifier) => {
    const node = byId.get(Number(id));
    return node ? label(node) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('admin.table.dragStart', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('admin.table.dragOver', { name: name(active.id), target: name(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('admin.table.dragEnd', { name: name(active.id), target: name(over.id) })
        : t('admin.table.dragCancel', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('admin.table.dragCancel', { name: name(active.id) }),
  };

  const state = React.useMemo<SortableTreeState>(
    () => ({
      indicator,
      activeParentId: active ? active.parent_id : null,
      siblings,
      disabled,
      roleDescription: t('admin.table.sortable'),
    }),
    [indicator, active, siblings, disabled, t],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={siblingsOnly}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.table.dragInstructions') } }}
      onDragStart={({ active }) => setDrag({ active: Number(active.id), over: null })}
      onDragOver={({ active, over }) => setDrag({ active: Number(active.id), over: over ? Number(over.id) : null })}
      onDragCancel={() => setDrag(null)}
      onDragEnd={({ active, over }) => {
        setDrag(null);
        if (over && over.id !== active.id) onMove(Number(active.id), Number(over.id));
      }}
    >
      <SortableContext items={items} strategy={stayInPlace} disabled={disabled}>
        <SortableTreeContext.Provider value={state}>{children}</SortableTreeContext.Provider>
      </SortableContext>
      {typeof document === 'undefined'
        ? null
        : // In the body: no transformed ancestor can shift the fixed-position preview.
          createPortal(
            <DragOverlay dropAnimation={null}>
              {active ? (
                <div className="inline-flex max-w-72 cursor-grabbing items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm font-medium shadow-lg">
                  <GripVerticalIcon className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">{label(active)}</span>
                </div>
              ) : null}
            </DragOverlay>,
            document.body,
          )}
    </DndContext>
  );
}

/** A body row of a SortableTree's DataTable (`rowComponent`): draggable by its handle, a drop target for siblings. */
export function SortableTreeTableRow<T extends TreeRow>({ row, className, ...props }: DataTableRowProps<T>) {
  const tree = React.useContext(SortableTreeContext);
  const { id, parent_id } = row.original;
  const lonely = (tree?.siblings.get(id) ?? 0) < 2;
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useSortable({
    id,
    data: { parentId: parent_id },
    attributes: { roleDescription: tree?.roleDescription },
    disabled: {
      draggable: !tree || tree.disabled || lonely,
      droppable: !tree || (tree.activeParentId !== null && tree.activeParentId !== parent_id),
    },
  });
  const handle = React.useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef, lonely }),
    [attributes, listeners, setActivatorNodeRef, lonely],
  );
  const edge = tree?.indicator?.id === id ? tree.indicator.edge : undefined;
  return (
    <HandleContext.Provider value={handle}>
      <TableRow
        ref={setNodeRef}
        data-drop={edge}
        className={cn(
          isDragging && 'bg-muted/60 opacity-50',
          // The line where the row lands; on the cells, as table rows draw no box shadow everywhere.
          edge === 'top' && '[&>td]:shadow-[inset_0_2px_0_0_var(--color-primary)]',
          edge === 'bottom' && '[&>td]:shadow-[inset_0_-2px_0_0_var(--color-primary)]',
          className,
        )}
        {...props}
      />
    </HandleContext.Provider>
  );
}

/** The grip of a SortableTreeTableRow; renders nothing outside one. */
export function DragHandle({ label }: { label: string }) {
  const handle = React.useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      title={label}
      disabled={handle.lonely}
      className={cn(
        // touch-none: a finger on the grip drags the row instead of scrolling the page.
        'inline-flex size-8 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground',
        'outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'active:cursor-grabbing aria-disabled:cursor-default disabled:opacity-30 disabled:hover:bg-transparent',
      )}
    >
      <GripVerticalIcon className="size-4" />
    </button>
  );
}

/** The first column of a sortable tree table: the drag handle of each row. */
export function dragHandleColumn<T extends TreeRow>(t: TFunction, label: (row: T) => string): ColumnDef<T> {
  return {
    id: '_drag',
    header: () => <span className="sr-only">{t('admin.table.reorder')}</span>,
    meta: { className: 'w-10 pr-0' },
    cell: ({ row }) => <DragHandle label={label(row.original)} />,
  };
}
