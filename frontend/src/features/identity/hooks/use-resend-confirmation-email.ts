import { toast } from 'sonner';
import { getErrorStatus, getServerErrorText } from '../../../shared/api/base-api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { notifyError } from '../../../shared/ui/notify';
import { useResendConfirmationMutation } from '../api/identity.api';

/**
 * "Resend Email" for the signed-in user (000 §4, §8 "Resend confirmation"): POST
 * /api/resend-confirmation with their address, then "Email Sent", or "Error" with the server's
 * error, "Failed to resend confirmation email", or on a network failure the same with "Please
 * try again.". `resend` resolves to whether the mail was sent.
 */
export function useResendConfirmationEmail() {
  const { data: user } = useGetCurrentUserQuery();
  const [resendConfirmation, { isLoading }] = useResendConfirmationMutation();

  async function resend(): Promise<boolean> {
    if (!user || isLoading) return false;
    try {
      const answer = await resendConfirmation({ email: user.email }).unwrap();
      toast.success('Email Sent', { description: answer.message || `We sent a new confirmation link to ${user.email}.` });
      return true;
    } catch (error) {
      notifyError('Error', {
        description:
          getErrorStatus(error) === 0
            ? 'Failed to resend confirmation email. Please try again.'
            : (getServerErrorText(error) ?? 'Failed to resend confirmation email'),
      });
      return false;
    }
  }

  return { resend, isSending: isLoading };
}
