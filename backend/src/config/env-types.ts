import { z } from 'zod';

/** Building blocks for the environment slices (each context's `<ctx>.config.ts`). */

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole number')
  .min(0, 'expected a port number from 0 to 65535')
  .max(65535, 'expected a port number from 0 to 65535');

export const positiveInt = z.coerce.number({ message: 'expected a whole number' }).int('expected a whole number').min(1, 'expected 1 or more');

export const milliseconds = z.coerce.number({ message: 'expected milliseconds' }).int();

export const httpUrl = z.string().refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { message: 'expected an http(s):// URL' });

export const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
    message: 'expected a postgres:// or postgresql:// URL',
  });

/** A slice of the environment: its variables (zod, with the decisions' values as defaults). */
export type EnvShape = Record<string, z.ZodType>;

/** The parsed values of a slice's variables. */
export type EnvOf<S extends EnvShape> = z.infer<z.ZodObject<S>>;
