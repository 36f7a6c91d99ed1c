import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formMessage } from '@/lib/form-message';

/** The part of a react-hook-form form that server errors are written into. */
interface FormLike {
  getValues(): unknown;
  setError(name: never, error: { message: string }): void;
}

/**
 * Reports a failed save: the server's field errors go under their fields (when the form has them) and the message
 * shows as a toast (spec §8: the server's message, else the default).
 */
export function reportFormError(form: FormLike | null, e: unknown, fallback?: string) {
  if (form) {
    const known = new Set(Object.keys((form.getValues() ?? {}) as object));
    for (const [field, message] of Object.entries(fieldErrors(e))) {
      if (known.has(field)) form.setError(field as never, { message });
    }
  }
  toast.error(errorMessage(e, fallback));
}

/** The message under a field, translated for English readers when it is one of the shared schema messages. */
export function errorOf(errors: object, name: string): string | undefined {
  const e = (errors as Record<string, { message?: unknown } | undefined>)[name];
  return typeof e?.message === 'string' ? formMessage(e.message) : undefined;
}
