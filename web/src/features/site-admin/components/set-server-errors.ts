import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

/** The server's 400 fields ("hero.headline", "items.0.answer") shown on the form's own fields. */
export function setServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const [name, message] of Object.entries(err.fields)) setError(name as Path<T>, { message });
}
