/** Shared set-up for the profile tests: a signed-in account and /profile opened for it. */
import { screen } from '@testing-library/react';
import { json, stubApi, type ApiRoutes } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import { userBody, type UserAnswer } from '../../test/contract-answers';

export const ERIN = userBody({ id: '9', email: 'erin@example.com', username: 'erin' });

/** Opens /profile signed in as `account`, with `routes` answering the other calls (by default, no reports made). */
export async function openProfile(routes: ApiRoutes = {}, account: UserAnswer = ERIN) {
  const stub = stubApi({ 'GET /api/user': () => json(account), 'GET /api/reports': () => json([]), ...routes });
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  return { ...stub, ...view };
}
