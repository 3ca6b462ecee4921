import { useEffect, useId, useRef } from 'react';
import type { FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import { useGetCurrentUserQuery, type CurrentUser } from '../../../shared/api/current-user.api';
import { fieldMessages, serverMessage, withReason } from '../../../shared/api/error-text';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { notifyError } from '../../../shared/ui/notify';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { TextField } from '../../../shared/ui/text-field';
import { useSendContactMessageMutation, type ContactMessage } from '../api/marketing.api';
import {
  CONTACT_DEFAULTS,
  CONTACT_FAILED_TEXT,
  CONTACT_FAILED_TITLE,
  CONTACT_LIMITS,
  CONTACT_SENT_TEXT,
  CONTACT_SENT_TITLE,
  contactSchema,
  type ContactOutput,
  type ContactValues,
} from '../lib/contact-schema';
import styles from './contact-form.module.css';

const VISIBLE_FIELDS: readonly FieldPath<ContactValues>[] = ['name', 'email', 'subject', 'message'];

/** The server's field messages of a 400, for the fields the form shows. */
function serverFieldErrors(error: unknown): [FieldPath<ContactValues>, string][] {
  const messages = fieldMessages(error);
  return VISIBLE_FIELDS.flatMap((name) => {
    const message = messages[name];
    return message ? [[name, message] as [FieldPath<ContactValues>, string]] : [];
  });
}

/** What a signed-in user need not type again: their name (or username) and e-mail. */
function prefill(user: CurrentUser | null | undefined): Pick<ContactValues, 'name' | 'email'> {
  if (!user) return { name: '', email: '' };
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { name: (fullName || user.username || '').slice(0, CONTACT_LIMITS.nameMax), email: user.email };
}

/**
 * The contact form (001 §2-§5, §8; D34): name, e-mail, subject and message, all required, checked
 * with the server's limits and messages on submit and again on change. A hidden honeypot field
 * (`website`) catches simple bots. Success says "Message sent!" and empties the form (a signed-in
 * user keeps their own name and e-mail); failure says so, with the server's own sentence for
 * the hourly limit after the spec's text.
 */
export function ContactForm() {
  const { data: user } = useGetCurrentUserQuery();
  const [sendMessage, { isLoading }] = useSendContactMessageMutation();
  const honeypotId = useId();
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useCheckedForm(contactSchema, CONTACT_DEFAULTS);

  // Fill in who is signed in, once known, without overwriting anything already typed.
  useEffect(() => {
    const known = prefill(user);
    if (known.name && !getValues('name')) setValue('name', known.name);
    if (known.email && !getValues('email')) setValue('email', known.email);
  }, [user, getValues, setValue]);

  async function onSubmit(values: ContactOutput) {
    if (sending.current) return;
    sending.current = true;
    const body: ContactMessage = {
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
      ...(values.website ? { website: values.website } : {}),
    };
    try {
      await sendMessage(body).unwrap();
      toast.success(CONTACT_SENT_TITLE, { description: CONTACT_SENT_TEXT });
      reset({ ...CONTACT_DEFAULTS, ...prefill(user) });
    } catch (error) {
      for (const [name, message] of serverFieldErrors(error)) setError(name, { type: 'server', message });
      // 001 §8: always 'Error' / 'Failed to send message. Please try again.'; the hourly limit's
      // sentence (429) is added after it.
      const limited = getErrorStatus(error) === 429 ? serverMessage(error) : undefined;
      notifyError(CONTACT_FAILED_TITLE, { description: withReason(CONTACT_FAILED_TEXT, limited) });
    } finally {
      sending.current = false;
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="Contact form"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className={styles.row}>
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.email?.message} {...register('email')} />
      </div>
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField
        label="Message"
        rows={7}
        hint={`Up to ${CONTACT_LIMITS.messageMax} characters.`}
        error={errors.message?.message}
        {...register('message')}
      />
      {/* D34: the honeypot. Hidden from sight and from assistive technology, and never focused. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={honeypotId}>Website</label>
        <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" variant="primary" size="lg" className={styles.submit} disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
