import { Route, Routes } from 'react-router-dom';
import { REMOTE_ROUTES, type RemoteId } from 'shared-contracts';
import { RequireSession } from './auth/RequireSession';
import { isStaffRemote } from './auth/staffRoutes';
import { useUnauthorizedRedirect } from './auth/useUnauthorizedRedirect';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemoteRoute } from './remotes/RemoteRoute';

const remoteRoutes = (Object.keys(REMOTE_ROUTES) as RemoteId[]).flatMap((remote) =>
  REMOTE_ROUTES[remote].map((path) => ({ remote, path })),
);

export function App() {
  useUnauthorizedRedirect();
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        {remoteRoutes.map(({ remote, path }) => {
          const page = <RemoteRoute remote={remote} path={path} />;
          return (
            <Route
              key={path}
              path={path}
              element={isStaffRemote(remote) ? <RequireSession>{page}</RequireSession> : page}
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
