import * as path from 'node:path';
import { barrelFiles, contextShapeDeviations, crossFileComposes, notKebabCase, portDeviations } from './conventions';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = path.join(__dirname, 'fixture');

describe('conventions on the file tree (ARCHITECTURE rules 3 and 9, house style)', () => {
  describe('catch the violations planted in the fixture', () => {
    it('names that are not kebab-case', () => {
      expect(notKebabCase(path.join(FIXTURE, 'frontend'))).toEqual(['src/features/editor/promptBox.ts']);
    });

    it('barrel files in the frontend', () => {
      expect(barrelFiles(path.join(FIXTURE, 'frontend', 'src'))).toEqual(['shared/ui/index.ts']);
    });

    it('a context of another shape', () => {
      expect(contextShapeDeviations(path.join(FIXTURE, 'backend', 'src', 'modules'))).toEqual([
        'delta: file laughs.service.ts at the top (only index.ts and delta.<role>.ts)',
        'delta: folder lib/ (only domain/, application/, adapters/)',
      ]);
    });

    it('ports without their token, or outside application/', () => {
      expect(portDeviations(path.join(FIXTURE, 'backend', 'src'))).toEqual([
        "modules/alpha/adapters/storage.port.ts: a port lives in a context's application/ or in shared/",
        'modules/alpha/application/clock.port.ts: no exported Symbol token',
      ]);
    });

    it('CSS composing from another file', () => {
      expect(crossFileComposes(path.join(FIXTURE, 'frontend', 'src'))).toEqual(['features/editor/editor.module.css']);
    });
  });

  describe('hold on the real code', () => {
    it('kebab-case names everywhere', () => {
      for (const dir of ['backend/src', 'backend/test', 'backend/bench', 'frontend/src', 'frontend/e2e']) {
        // (the fixture's planted names are its own business)
        expect({ dir, names: notKebabCase(path.join(ROOT, dir), ['architecture/fixture/']) }).toEqual({ dir, names: [] });
      }
    });

    it('no barrel files in the frontend', () => {
      expect(barrelFiles(path.join(ROOT, 'frontend', 'src'))).toEqual([]);
    });

    it('every context has the same shape', () => {
      expect(contextShapeDeviations(path.join(ROOT, 'backend', 'src', 'modules'))).toEqual([]);
    });

    it('every port is an interface with its Symbol token, in application/ or shared/', () => {
      expect(portDeviations(path.join(ROOT, 'backend', 'src'))).toEqual([]);
    });

    it('no CSS composes from another file', () => {
      expect(crossFileComposes(path.join(ROOT, 'frontend', 'src'))).toEqual([]);
    });
  });
});
