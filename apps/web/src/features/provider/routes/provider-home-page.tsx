import { Alert } from '../../../components/ui/alert';
import { useDashboard } from '../api/provider-api';
import { Loading, PageHeader } from '../components/bits';
import { DashboardView } from '../components/dashboard-view';
import { useProviderWorkspace } from '../components/provider-context';

/** /dochome: the provider's day at a glance. */
export default function ProviderHomePage() {
  const { who, profile } = useProviderWorkspace();
  const dashboard = useDashboard(who);
  return (
    <>
      <PageHeader title="Dashboard" lead={`Welcome back, Dr ${profile.last_name}.`} />
      {dashboard.isPending ? (
        <Loading label="Loading your dashboard…" />
      ) : dashboard.isError ? (
        <Alert tone="error" title="We could not load your dashboard">
          <p>{dashboard.error.message}</p>
        </Alert>
      ) : (
        <DashboardView data={dashboard.data} region={who.region} />
      )}
    </>
  );
}
