import { TextField, type TextFieldProps } from './text-field';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/**
 * An e-mail address field: labelled "Email", of type email, with the e-mail keyboard on phones
 * and the browser's autofill of the user's address (both can be overridden).
 */
export function EmailField({ label = 'Email', ...props }: EmailFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
}
