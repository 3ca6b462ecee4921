import type { TransformFnParams } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/*
 * Request-body checks with the spec's messages, shared by every context's DTOs. The global
 * ValidationPipe answers 400 with the first field's first message; class-validator runs a
 * property's decorators from the bottom up, so the message that should win is written last
 * (closest to the property). Length and pattern checks pass a value that is not a string (its type
 * check already speaks), so a missing field gets one message, not three.
 */

/** A string with at least one character. */
export function Filled(message: string): PropertyDecorator {
  return ValidateBy({ name: 'filled', validator: { validate: (v: unknown) => typeof v === 'string' && v.length > 0 } }, { message });
}

/** At most `max` characters (a non-string passes: see Filled, MinLength, IsEmail). */
export function MaxChars(max: number, message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'maxChars', constraints: [max], validator: { validate: (v: unknown) => typeof v !== 'string' || v.length <= max } },
    { message },
  );
}

/** Matches `pattern` (a non-string passes). */
export function Pattern(pattern: RegExp, message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'pattern', constraints: [pattern.source], validator: { validate: (v: unknown) => typeof v !== 'string' || pattern.test(v) } },
    { message },
  );
}

/** A string, when present (optional fields). */
export function Text(message: string): PropertyDecorator {
  return ValidateBy({ name: 'text', validator: { validate: (v: unknown) => typeof v === 'string' } }, { message });
}

/** `@Transform(trim)`: surrounding white space is not part of a value. */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/** `@Transform(trimToUndefined)`: an empty optional value is no value (forms send '', some clients null). */
export const trimToUndefined = ({ value }: TransformFnParams): unknown => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};
