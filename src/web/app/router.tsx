import { createBrowserRouter } from 'react-router';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LoginScreen } from '../features/auth/login-screen';
import { PlaceholderPage } from '../features/placeholders/placeholder-page';
import { RulesFallback } from '../features/rules/rules-fallback';
import { NotFoundPage } from './not-found-page';
import { PlayerFrame } from './player-frame';

/** Spec §2 routes with their access rules. */
export const router = createBrowserRouter([
  { path: '/login/callback', element: <LoginCallbackPage /> },
  {
    element: <PlayerFrame signedOut={<LoginScreen />} />,
    children: [{ index: true, element: <PlaceholderPage screen="home" /> }],
  },
  {
    element: <PlayerFrame signedOut={<RulesFallback />} />,
    children: [{ path: 'rules', element: <PlaceholderPage screen="rules" /> }],
  },
  {
    element: <PlayerFrame />,
    children: [
      { path: 'track', element: <PlaceholderPage screen="track" /> },
      { path: 'questions', element: <PlaceholderPage screen="questions" /> },
      { path: 'leaderboard', element: <PlaceholderPage screen="leaderboard" /> },
      { path: 'account', element: <PlaceholderPage screen="account" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
