/** The one way a form hands a field to TextField, SelectField, CheckboxField or a choice group. */
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * Returns `field(name, options?)`, the field's registration with its error message (`{ error, ...register }`), and
 * `group(name)`, the same for CheckboxGroupField and RadioGroupField (`{ error, registration }`).
 */
export function bindFields<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  // Reads only `errors` (getFieldState would also subscribe the form to dirty, touched and validating state).
  const error = (name: Path<T>) => (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return {
    field: (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
      error: error(name),
      ...form.register(name, options),
    }),
    group: (name: Path<T>) => ({ error: error(name), registration: form.register(name) }),
  };
}
