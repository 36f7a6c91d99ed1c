import { useMutation } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { formResolver } from '@/lib/form-resolver';
import { type InvalidateFilter, useInvalidate } from './entity-mutations';
import { reportFormError } from './form-errors';

/**
 * The create/edit form of an admin dialog or drawer: react-hook-form with the shared zod schema (ARCHITECTURE.md
 * rule 11), one save mutation, a success toast, refreshed lists, and server field errors written under their fields.
 * Spread `shellProps` into FormDialog or FormDrawer.
 */
export function useEntityForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  save,
  successText,
  invalidate,
  onClose,
  onSaved = onClose,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** Sends the checked values (create or update); rejects with the server's error. */
  save: (values: Output) => Promise<unknown>;
  successText: string;
  /** Queries to refresh after a save. */
  invalidate: InvalidateFilter[];
  onClose: () => void;
  /** After a successful save; closes by default. */
  onSaved?: () => void;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: formResolver(schema), defaultValues });
  const refresh = useInvalidate(...invalidate);
  // Kept hand-written: `save` is the caller's create or update (two procedures), not one procedure's mutation.
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      toast.success(successText);
      await refresh();
      onSaved();
    },
    onError: (e) => reportFormError(form, e),
  });
  return {
    form,
    shellProps: {
      open: true,
      onOpenChange: (open: boolean) => {
        if (!open) onClose();
      },
      onSubmit: form.handleSubmit((values) => mutation.mutate(values)),
      submitting: mutation.isPending,
    },
  };
}
