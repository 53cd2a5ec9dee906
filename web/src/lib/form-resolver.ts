import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a react-hook-form form checked by a shared zod schema (docs/decisions/0005-one-form-approach.md)
 * whose fields hold what inputs give (strings, booleans) while the schema describes the API body (numbers,
 * preprocessed blanks, optional dates). The schema converts at submit, so the form's values type and the
 * schema's input type differ by design: the one cast that bridges them is here, not at every form.
 */
export function formResolver<Values extends FieldValues, Output = Values>(schema: z.ZodType): Resolver<Values, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}
