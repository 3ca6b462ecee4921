import { OpenaiKeyRefusedError } from './tools-errors';

/** Longer than any OpenAI key (project keys are about 170 characters). */
export const OPENAI_KEY_MAX = 500;

/**
 * D33: a key the user typed is sent to OpenAI as it is, for that request only. One that cannot be
 * a key (spaces, line breaks, characters outside printable ASCII, far too long) is refused here,
 * with OpenAI's own "refused" answer, without being sent anywhere.
 */
export function checkOpenaiKeyShape(key: string): void {
  if (key.length > OPENAI_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) throw new OpenaiKeyRefusedError();
}
