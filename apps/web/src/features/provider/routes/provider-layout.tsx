import { Link, Outlet } from 'react-router';
import { isRegion } from '@careslot/contracts/money';
import { Alert } from '../../../components/ui/alert';
import { ScreenLoading } from '../../../components/ui/screen-loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { storedProviderId, useOwnProfile } from '../api/provider-api';
import { ProviderContext } from '../components/provider-context';
import { ProviderShell } from '../components/provider-shell';

/** Every /dochome and /doctor/* screen sits in this frame, which first learns who the provider is. */
export default function ProviderLayout() {
  const id = storedProviderId();
  const profile = useOwnProfile(id);

  if (!id || (profile.isError && profile.error instanceof ApiError && [401, 403, 404].includes(profile.error.status))) {
    return (
      <div className="page narrow">
        <h1>Provider workspace</h1>
        <Alert tone="warning" title="This area is for providers">
          <p>Sign in with your provider account to manage your availability, appointments, bank accounts and profile.</p>
          <p>
            <Link to={`${paths.signIn}?returnTo=${encodeURIComponent(paths.providerHome)}`}>Sign in as a provider</Link>
          </p>
        </Alert>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="page narrow">
        <Alert tone="error" title="We could not load your workspace">
          <p>{profile.error.message}</p>
        </Alert>
      </div>
    );
  }
  if (profile.isPending) return <ScreenLoading label="Loading your workspace…" />;
  const region = isRegion(profile.data.region) ? profile.data.region : 'uk';
  return (
    <ProviderContext value={{ who: { id: profile.data._id, region }, profile: profile.data }}>
      <ProviderShell profile={profile.data}>
        <Outlet />
      </ProviderShell>
    </ProviderContext>
  );
}
