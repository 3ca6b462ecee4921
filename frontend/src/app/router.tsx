import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { BareLayout } from './layouts/bare-layout';
import { LandingLayout } from './layouts/landing-layout';
import { AppLoadingFallback, RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { ToolLayout } from './layouts/tool-layout';
import { PageMetaSync } from './shell/page-meta-sync';
import { RouteError } from './shell/route-error';

/*
 * Every route of both spec documents (000 §2, 001 §2). Pages are loaded on demand, so each
 * feature's code is downloaded only when it is visited.
 *
 * Which shell a page gets:
 * - / and /sales: the landing page with its own header and the footer. 001 §2 shows the top bar
 *   "on every page except / and /auth"; /sales is the same landing page (000 §2), so it keeps
 *   the landing header rather than showing two headers.
 * - /auth, /reset-password (D36) and the local test checkout (/checkout/local/{id}, D30): no top
 *   bar, no footer.
 * - public pages: top bar and footer (000 §2 footer on public pages).
 * - signed-in pages: top bar only.
 * - /tools/* and /brains/*: top bar and the tool-suite sidebar.
 *
 * A page made of one feature is that feature's page component. A page that combines several
 * features (features never import each other, ARCHITECTURE rule 9) is composed in
 * `routes/<page>.tsx`, which the route loads like any other page.
 */

type ComponentExport<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** A lazily loaded page: the module's named component export becomes the route component. */
function page<M>(load: () => Promise<M>, name: ComponentExport<M>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      return { Component: module[name] as ComponentType };
    },
  };
}

/** The landing page with the live community card (000 §2), composed in routes/landing.tsx. */
const landingPage = () => page(() => import('./routes/landing'), 'LandingRoute');

export const routes: RouteObject[] = [
  {
    // Issue 15: the title and description meta follow client-side navigation (after the pages' own effects).
    element: (
      <>
        <RootLayout />
        <PageMetaSync />
      </>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoadingFallback />,
    children: [
      {
        element: <LandingLayout />,
        children: [
          // 000 §2: the landing page with the live community card.
          { path: '/', ...landingPage() },
          { path: '/sales', ...landingPage() },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: '/auth', ...page(() => import('../features/identity/pages/auth-page'), 'AuthPage') },
          // D36: the mailed password reset link; without a token it says the link is not valid.
          {
            path: '/reset-password/:token',
            ...page(() => import('../features/identity/pages/reset-password-page'), 'ResetPasswordPage'),
          },
          { path: '/reset-password', ...page(() => import('../features/identity/pages/reset-password-page'), 'ResetPasswordPage') },
          // D30: the local test checkout stands in for Stripe's hosted page, so it has no site chrome.
          {
            path: '/checkout/local/:sessionId',
            ...page(() => import('../features/billing/pages/local-checkout-page'), 'LocalCheckoutPage'),
          },
        ],
      },
      {
        element: <SiteLayout footer />,
        children: [
          { path: '/leaderboard', ...page(() => import('../features/community/pages/leaderboard-page'), 'LeaderboardPage') },
          { path: '/pricing', ...page(() => import('../features/billing/pages/pricing-page'), 'PricingPage') },
          { path: '/about', ...page(() => import('../features/marketing/pages/about-page'), 'AboutPage') },
          { path: '/contact', ...page(() => import('../features/marketing/pages/contact-page'), 'ContactPage') },
          { path: '/privacy', ...page(() => import('../features/marketing/pages/privacy-page'), 'PrivacyPage') },
          { path: '/terms', ...page(() => import('../features/marketing/pages/terms-page'), 'TermsPage') },
          // Issue 15: an edit's public share page, with the community feature's laugh control.
          { path: '/share/:id', ...page(() => import('./routes/share'), 'ShareRoute') },
          { path: '*', ...page(() => import('../features/marketing/pages/not-found-page'), 'NotFoundPage') },
        ],
      },
      {
        element: <SiteLayout footer={false} />,
        children: [
          // 000 §2: the editor page with the Recent Community Edits list.
          {
            path: '/dashboard',
            ...page(() => import('./routes/dashboard'), 'DashboardRoute'),
          },
          // 001 §2: saved images, each card with the community feature's laugh control.
          { path: '/my-edits', ...page(() => import('./routes/my-edits'), 'MyEditsRoute') },
          // 001 §2: the profile with the billing feature's Billing & Subscription card.
          { path: '/profile', ...page(() => import('./routes/profile'), 'ProfileRoute') },
          { path: '/order', ...page(() => import('../features/billing/pages/order-page'), 'OrderPage') },
          // D27: where a checkout comes back after paying.
          {
            path: '/checkout/success',
            ...page(() => import('../features/billing/pages/checkout-success-page'), 'CheckoutSuccessPage'),
          },
          { path: '/admin', ...page(() => import('../features/admin/pages/admin-page'), 'AdminPage') },
          {
            path: '/confirm-email/:token',
            ...page(() => import('../features/identity/pages/confirm-email-page'), 'ConfirmEmailPage'),
          },
          // A link without its token says "Invalid confirmation link" (001 §5) rather than 404.
          { path: '/confirm-email', ...page(() => import('../features/identity/pages/confirm-email-page'), 'ConfirmEmailPage') },
        ],
      },
      {
        element: <ToolLayout />,
        children: [
          {
            path: '/tools/youtube-to-article',
            ...page(() => import('../features/tools/pages/youtube-to-article-page'), 'YoutubeToArticlePage'),
          },
          // 001 §2 names the photo editor both ways; both paths show the same page.
          { path: '/tools/photoshop-ai', ...page(() => import('../features/tools/pages/photoshop-ai-page'), 'PhotoshopAiPage') },
          { path: '/tools/photo-editor', ...page(() => import('../features/tools/pages/photoshop-ai-page'), 'PhotoshopAiPage') },
          {
            path: '/brains/youtube-script-gen',
            ...page(() => import('../features/tools/pages/youtube-script-gen-page'), 'YoutubeScriptGenPage'),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
