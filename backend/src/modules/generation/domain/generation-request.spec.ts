import { DomainError } from '../../../shared/errors/domain-error';
import { CARTOON_DEFAULT_PROMPT, parseGenerationRequest } from './generation-request';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected an error');
}

describe('parseGenerationRequest (000 §5 preconditions)', () => {
  it('takes a realistic edit with a trimmed prompt, shared by default (D14)', () => {
    expect(parseGenerationRequest({ hasImage: true, prompt: '  add snow falling ' })).toEqual({
      prompt: 'add snow falling',
      promptGiven: true,
      style: 'realistic',
      isPublic: true,
      sourceImageId: null,
      variants: 1,
    });
  });

  it('keeps it out of the feed when share is "false"', () => {
    expect(parseGenerationRequest({ hasImage: true, prompt: 'x', share: 'false' }).isPublic).toBe(false);
    expect(parseGenerationRequest({ hasImage: true, prompt: 'x', share: 'true' }).isPublic).toBe(true);
  });

  it.each([
    [{ hasImage: false, prompt: 'add snow' }],
    [{ hasImage: true, prompt: '   ' }],
    [{ hasImage: true }],
    [{ hasImage: false, style: 'realistic' }],
  ])('asks for an image and a prompt: %j', (fields) => {
    const e = errorOf(() => parseGenerationRequest(fields));
    expect(e).toMatchObject({ kind: 'invalid', code: 'VALIDATION.FAILED', message: 'Please upload an image and enter a prompt first.' });
  });

  it('asks a cartoon without an image for the image only', () => {
    const e = errorOf(() => parseGenerationRequest({ hasImage: false, style: 'cartoon' }));
    expect(e.message).toBe('Please upload an image first.');
  });

  it('lets a cartoon go without a prompt, with a default one', () => {
    expect(parseGenerationRequest({ hasImage: true, style: 'cartoon' })).toEqual({
      prompt: CARTOON_DEFAULT_PROMPT,
      promptGiven: false,
      style: 'cartoon',
      isPublic: true,
      sourceImageId: null,
      variants: 1,
    });
  });

  it('refuses a prompt over 1000 characters and an unknown style', () => {
    expect(parseGenerationRequest({ hasImage: true, prompt: 'a'.repeat(1000) }).prompt).toHaveLength(1000);
    expect(errorOf(() => parseGenerationRequest({ hasImage: true, prompt: 'a'.repeat(1001) })).code).toBe('VALIDATION.FAILED');
    expect(errorOf(() => parseGenerationRequest({ hasImage: true, prompt: 'x', style: 'funny' })).message).toBe(
      'style must be realistic or cartoon',
    );
    expect(errorOf(() => parseGenerationRequest({ hasImage: true, prompt: ['a', 'b'] })).code).toBe('VALIDATION.FAILED');
  });

  it('takes sourceImageId instead of an upload (D38), never both', () => {
    const id = '7d1f3c2a-7d4b-4a9e-9d0f-2a3b4c5d6e7f';
    expect(parseGenerationRequest({ hasImage: false, sourceImageId: ` ${id} `, prompt: 'add snow' }).sourceImageId).toBe(id);
    expect(errorOf(() => parseGenerationRequest({ hasImage: true, sourceImageId: id, prompt: 'add snow' })).code).toBe('VALIDATION.FAILED');
    expect(errorOf(() => parseGenerationRequest({ hasImage: false, sourceImageId: '', prompt: 'add snow' })).message).toBe(
      'Please upload an image and enter a prompt first.',
    );
  });

  it('takes 1, 2 or 4 variants (D39); absent is 1, anything else is refused', () => {
    expect(parseGenerationRequest({ hasImage: true, prompt: 'x' }).variants).toBe(1);
    expect(parseGenerationRequest({ hasImage: true, prompt: 'x', variants: '2' }).variants).toBe(2);
    expect(parseGenerationRequest({ hasImage: true, prompt: 'x', variants: '4' }).variants).toBe(4);
    for (const bad of ['3', '0', '8', 'two', '', '1.0', ['2']]) {
      expect(errorOf(() => parseGenerationRequest({ hasImage: true, prompt: 'x', variants: bad })).message).toMatch(/variants must be 1, 2 or 4|single text field/);
    }
  });
});
