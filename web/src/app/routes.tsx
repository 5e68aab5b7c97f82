// The seeds' routes: the shell around every page (pages.tsx loads each page's code on demand). A
// page that fails to load reaches the route's RouteError. Home alone is loaded with the app, so
// its ask box is there on first paint.
import type { RouteObject } from 'react-router';
import HomePage from '../features/home/home-page';
import { Layout } from './layout/layout';
import { pageRoutes } from './pages';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      // Home is in the app's first script: its ask box shows with the shell, waiting for nothing.
      { path: '/', Component: HomePage },
      ...pageRoutes,
    ],
  },
];
