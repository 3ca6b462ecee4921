import * as path from 'node:path';
import sharp from 'sharp';
import { SITE_IMAGE } from './spa-static.middleware';

/** The frontend's public folder, which Vite copies into the built app as is. */
const FRONTEND_PUBLIC = path.resolve(__dirname, '../../../../frontend/public');

describe('the link-preview picture of the public pages', () => {
  it('states the real size and type of the file it names (og:image:width/height/type)', async () => {
    const { width, height, format } = await sharp(path.join(FRONTEND_PUBLIC, SITE_IMAGE.file)).metadata();
    expect({ width: SITE_IMAGE.width, height: SITE_IMAGE.height }).toEqual({ width, height });
    expect(SITE_IMAGE.type).toBe(`image/${format}`);
  });
});
