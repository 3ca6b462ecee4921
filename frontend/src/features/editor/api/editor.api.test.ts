import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { baseApi } from '../../../shared/api/base-api';
import { creditsApi } from '../../../shared/api/credits.api';
import { json, stubApi } from '../../../test/fetch-stub';
import { COMMUNITY_REFRESH_DELAY_MS, editorApi, MASK_FILE_NAME, toGenerationForm, toGenerationResult, variantResult } from './editor.api';

// A stand-in for the community feed query (another feature's), providing the tag it would.
const feedProbe = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeFeed: build.query<unknown, void>({ query: () => '/community/recent', providesTags: ['CommunityFeed'] }),
  }),
});

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' });
const request = { image: photo, prompt: '  add snow falling ', style: 'realistic' as const, share: true };

function count(requests: Request[], path: string) {
  return requests.filter((r) => new URL(r.url).pathname === path).length;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/generate (000 §3, §7)', () => {
  it('sends the photo, prompt, style and share flag as multipart form data', async () => {
    const { requests } = stubApi({ 'POST /api/generate': () => json({ id: 'img-1', imageUrl: '/api/images/img-1' }) });
    const store = makeStore();

    await store.dispatch(editorApi.endpoints.generateImage.initiate({ ...request, share: false }));

    const call = requests.find((r) => r.url.endsWith('/api/generate'));
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await call!.formData();
    expect(form.get('prompt')).toBe('add snow falling');
    expect(form.get('style')).toBe('realistic');
    expect(form.get('share')).toBe('false');
    // jsdom's File does not survive Node's Request serialisation (its bytes and name are lost
    // there, not in a browser), so the file part itself is checked on the form below.
    expect(form.has('image')).toBe(true);
  });

  it('puts the chosen file itself, with its name and type, in the form', async () => {
    const form = toGenerationForm(request);

    const image = form.get('image') as File;
    expect(image.name).toBe('photo.jpg');
    expect(image.type).toBe('image/jpeg');
    expect(image.size).toBe(4);
    expect([...form.keys()]).toEqual(['image', 'prompt', 'style', 'share']);
    expect(form.get('share')).toBe('true');
  });

  it('fetches the credits again at once after a generation', async () => {
    let balance = 3;
    const { requests } = stubApi({
      'GET /api/user/credits': () => json({ balance, regular: balance, watermarked: 0 }),
      'POST /api/generate': () => {
        balance = 2;
        return json({ id: 'img-1', imageUrl: '/api/images/img-1' });
      },
    });
    const store = makeStore();
    // A subscription without polling: only an invalidation can fetch it again.
    void store.dispatch(creditsApi.endpoints.getCredits.initiate());
    await vi.waitFor(() => expect(creditsApi.endpoints.getCredits.select()(store.getState()).data?.balance).toBe(3));

    await store.dispatch(editorApi.endpoints.generateImage.initiate(request));

    await vi.waitFor(() => expect(creditsApi.endpoints.getCredits.select()(store.getState()).data?.balance).toBe(2));
    expect(count(requests, '/api/user/credits')).toBe(2);
  });

  it('does not fetch the credits again after a failed generation (no credit was spent, D4)', async () => {
    const { requests } = stubApi({
      'GET /api/user/credits': () => json({ balance: 0, regular: 0, watermarked: 0 }),
      'POST /api/generate': () => json({ message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' }, { status: 402 }),
    });
    const store = makeStore();
    void store.dispatch(creditsApi.endpoints.getCredits.initiate());
    await vi.waitFor(() => expect(count(requests, '/api/user/credits')).toBe(1));

    await store.dispatch(editorApi.endpoints.generateImage.initiate(request));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(count(requests, '/api/user/credits')).toBe(1);
  });

  it('refreshes the community list 1 second after a new image (000 §4)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = stubApi({
      'GET /api/community/recent': () => json([]),
      'POST /api/generate': () => json({ id: 'img-1', imageUrl: '/api/images/img-1' }),
    });
    const store = makeStore();
    void store.dispatch(feedProbe.endpoints.probeFeed.initiate());
    await vi.waitFor(() => expect(count(requests, '/api/community/recent')).toBe(1));

    await store.dispatch(editorApi.endpoints.generateImage.initiate(request));
    await vi.advanceTimersByTimeAsync(COMMUNITY_REFRESH_DELAY_MS - 100);
    expect(count(requests, '/api/community/recent')).toBe(1);

    await vi.advanceTimersByTimeAsync(150);
    await vi.waitFor(() => expect(count(requests, '/api/community/recent')).toBe(2));
  });
});

describe('generation answer', () => {
  it('reads the contract fields and fills the image addresses from the id when missing', () => {
    expect(toGenerationResult({ id: 42, imageUrl: '/api/images/42' })).toEqual({
      id: '42',
      imageUrl: '/api/images/42',
      originalUrl: '/api/images/42/original',
      downloadUrl: '/api/images/42/download',
      watermarked: false,
      originalRenditions: [],
      generatedRenditions: [],
    });
    expect(
      toGenerationResult({
        id: 'a',
        imageUrl: '/api/images/a',
        originalUrl: '/x/original',
        downloadUrl: '/x/download',
        watermarked: true,
        model: 'local',
      }),
    ).toEqual({
      id: 'a',
      imageUrl: '/api/images/a',
      originalUrl: '/x/original',
      downloadUrl: '/x/download',
      watermarked: true,
      originalRenditions: [],
      generatedRenditions: [],
    });
  });

  it('reads the renditions of both images (D31), by width; missing or broken ones read as none', () => {
    const rendition = (file: string, width: number) => ({ url: `/api/images/a/renditions/${file}-${width}-0123456789abcdef.webp`, width, height: width });
    const result = toGenerationResult({
      id: 'a',
      imageUrl: '/api/images/a',
      originalRenditions: [rendition('original', 640), rendition('original', 320)],
      generatedRenditions: [rendition('generated', 320), { url: 7 }],
    });
    expect(result.originalRenditions).toEqual([rendition('original', 320), rendition('original', 640)]);
    expect(result.generatedRenditions).toEqual([rendition('generated', 320)]);
    expect(toGenerationResult({ id: 'a', originalRenditions: 'none', generatedRenditions: null })).toMatchObject({
      originalRenditions: [],
      generatedRenditions: [],
    });
  });
});

describe('keep editing (issue 26)', () => {
  it('sends a version of the chain by its id, with no file (D38)', () => {
    const form = toGenerationForm({ sourceImageId: 'img-7', prompt: ' add rain ', style: 'realistic', share: false });
    expect([...form.keys()]).toEqual(['sourceImageId', 'prompt', 'style', 'share']);
    expect(form.get('sourceImageId')).toBe('img-7');
    expect(form.has('image')).toBe(false);
  });

  it('asks for 2 or 4 variants, and leaves the field out for one (D39: absent means 1)', () => {
    expect(toGenerationForm({ ...request, variants: 4 }).get('variants')).toBe('4');
    expect(toGenerationForm({ ...request, variants: 2 }).get('variants')).toBe('2');
    expect(toGenerationForm({ ...request, variants: 1 }).has('variants')).toBe(false);
  });

  it('adds the painted mask as mask.png (D40)', () => {
    const mask = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const form = toGenerationForm({ ...request, mask });
    const file = form.get('mask') as File;
    expect(file.name).toBe(MASK_FILE_NAME);
    expect(MASK_FILE_NAME).toBe('mask.png');
    expect(file.type).toBe('image/png');
    expect(file.size).toBe(4);
    expect(toGenerationForm({ ...request, mask: null }).has('mask')).toBe(false);
  });

  it('reads the variants of an answer in order; one that cannot be read is left out', () => {
    const result = toGenerationResult({
      id: 'a',
      imageUrl: '/api/images/a',
      variants: [
        { id: 'a', status: 'completed', imageUrl: '/api/images/a', originalUrl: null, downloadUrl: '/api/images/a/download', watermarked: false, seed: 1, originalRenditions: [], generatedRenditions: [], error: null },
        { id: 'b', status: 'failed', imageUrl: null, seed: 2, error: { code: 'GENERATION.FAILED', message: 'Failed to generate image' } },
        { status: 'completed' },
      ],
    });
    expect(result.variants?.map((variant) => [variant.id, variant.status])).toEqual([
      ['a', 'completed'],
      ['b', 'failed'],
    ]);
    expect(result.variants?.[1]).toMatchObject({ imageUrl: null, error: { message: 'Failed to generate image' } });
    expect(variantResult(result.variants![0]!)).toEqual({
      id: 'a',
      imageUrl: '/api/images/a',
      originalUrl: '/api/images/a/original',
      downloadUrl: '/api/images/a/download',
      watermarked: false,
      originalRenditions: [],
      generatedRenditions: [],
    });
    expect(variantResult(result.variants![1]!)).toBeNull();
    // One result: no variants at all.
    expect(toGenerationResult({ id: 'a', imageUrl: '/api/images/a' })).not.toHaveProperty('variants');
  });

  it('GET /api/images/{id}/history reads the chain and the children (D38)', async () => {
    stubApi({
      'GET /api/images/img-2/history': () =>
        json({
          chain: [
            { id: 'img-1', parentImageId: null, rootImageId: 'img-1', variantGroupId: null, prompt: 'add snow falling', style: 'realistic', watermarked: true, isPublic: true, createdAt: '2030-06-01T12:00:00.000Z', imageUrl: '/api/images/img-1', originalUrl: '/api/images/img-1/original', downloadUrl: '/api/images/img-1/download', originalRenditions: [], generatedRenditions: [] },
            { id: 'img-2', parentImageId: 'img-1', rootImageId: 'img-1', prompt: 'make it black and white' },
            { prompt: 'no id' },
          ],
          children: [],
        }),
    });
    const store = makeStore();

    const { data } = await store.dispatch(editorApi.endpoints.getImageHistory.initiate('img-2'));

    expect(data?.chain.map((version) => [version.id, version.parentImageId, version.prompt])).toEqual([
      ['img-1', null, 'add snow falling'],
      ['img-2', 'img-1', 'make it black and white'],
    ]);
    // Addresses the answer left out come from the id.
    expect(data?.chain[1]).toMatchObject({ imageUrl: '/api/images/img-2', originalUrl: '/api/images/img-2/original', watermarked: false });
    expect(data?.children).toEqual([]);
  });
});
