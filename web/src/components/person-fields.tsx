import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.tsx';

type PersonField = 'firstName' | 'lastName' | 'email' | 'phone' | 'password';

type Props = {
  /** The form's register for one of the five names: `(name) => register(name)`. */
  field: (name: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string }>>;
};

/**
 * Name, e-mail, optional phone and first password of a new account, in a two-column grid: the Create New Admin
 * page and the Add staff member dialog ask the same five (docs/product.md, docs/product-staff.md).
 */
export function PersonFields({ field, errors: e }: Props) {
  return (
    <>
      <Field label="First name" autoComplete="off" error={e.firstName?.message} {...field('firstName')} />
      <Field label="Last name" autoComplete="off" error={e.lastName?.message} {...field('lastName')} />
      <Field label="Email" type="email" autoComplete="off" error={e.email?.message} {...field('email')} />
      <Field label="Phone (optional)" type="tel" autoComplete="off" error={e.phone?.message} {...field('phone')} />
      <Field label="Password" type="password" autoComplete="new-password" error={e.password?.message} {...field('password')} />
    </>
  );
}
