import { useSettings } from '../api/availability-api';
import { AvailabilityForm } from '../components/availability-form';
import { PageHeader } from '../components/bits';
import { useProviderWorkspace } from '../components/provider-context';
import { ScheduleSettingsCard } from '../components/schedule-settings-card';

/** /doctor/availability/new: weekly hours, one day or time off, with a live preview; and the scheduling settings. */
export default function AvailabilityNewPage() {
  const { who, profile } = useProviderWorkspace();
  const settings = useSettings(who);
  return (
    <>
      <PageHeader title="Add New Availability" lead="Publish the hours patients can book, in each clinic's own time." />
      <AvailabilityForm who={who} profile={profile} />
      <div style={{ marginTop: 'var(--space-5)' }}>{settings.data && <ScheduleSettingsCard who={who} settings={settings.data} />}</div>
    </>
  );
}
